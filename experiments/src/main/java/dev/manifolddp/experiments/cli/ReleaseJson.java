package dev.manifolddp.experiments.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.manifolddp.experiments.Versions;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.mechanisms.Release;
import dev.manifolddp.mechanisms.SamplerReport;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Writes a {@link Release} as JSON: the released value (flat and in the geometry's layout), the budget, sensitivity,
 * sigma and its rule, the sampler report, the random source, the mechanism's parameters, the warnings and the privacy
 * verdict, plus what the release was made from. Undefined numbers are written as null.
 */
final class ReleaseJson {

    private ReleaseJson() {
    }

    static void write(Release<double[]> release, Geometry geometry, Map<String, Object> input, Path file) {
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("mechanism", release.mechanism());
        root.put("geometry", geometry.spec());
        root.put("value", release.value());
        root.put("valueFormatted", geometry.layout().format(release.value()));
        root.put("onManifold", geometry.pointViolation(release.value(), 1e-7).isEmpty());
        Map<String, Object> budget = new LinkedHashMap<>();
        budget.put("epsilon", release.budget().epsilon());
        budget.put("delta", release.budget().delta());
        root.put("budget", budget);
        root.put("sensitivity", number(release.sensitivity()));
        root.put("sigma", number(release.sigma()));
        root.put("sigmaRule", release.sigmaRule());
        root.put("sampler", sampler(release.sampler()));
        root.put("randomSource", release.randomSource());
        root.put("parameters", release.parameters());
        root.put("warnings", release.warnings());
        root.put("dataDerived", release.dataDerived());
        root.put("provenGuarantee", release.provenGuarantee());
        root.put("private", release.isPrivate());
        root.put("input", input);
        root.put("manifolddp", Versions.project());
        try {
            new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValue(file.toFile(), root);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }

    private static Map<String, Object> sampler(SamplerReport report) {
        Map<String, Object> sampler = new LinkedHashMap<>();
        sampler.put("method", report.method().name().toLowerCase(Locale.ROOT));
        sampler.put("proposals", report.proposals());
        sampler.put("burnIn", report.burnIn());
        sampler.put("thin", report.thin());
        sampler.put("chains", report.chains());
        sampler.put("acceptanceRate", number(report.acceptanceRate()));
        sampler.put("effectiveSampleSize", number(report.effectiveSampleSize()));
        sampler.put("rHat", number(report.rHat()));
        return sampler;
    }

    private static Double number(double value) {
        return Double.isFinite(value) ? value : null;
    }
}
