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
 * Writes a {@link Release} as JSON in two files. The release file holds only what may be published: the released
 * value (flat and in the geometry's layout), the guarantee and unit of privacy, the budget, sensitivity, sigma and its
 * rule, the random source, the public parameters and warnings, and what the release was made from. The diagnostics
 * file (only when asked for) holds what was computed from the data: the sampler's counts and chain statistics, the
 * mean's iterations; it says it must not be published. Undefined numbers are written as null.
 */
final class ReleaseJson {

    /** The note at the top of a diagnostics file. */
    static final String DO_NOT_PUBLISH = "DO NOT PUBLISH: these values were computed from the data and are not "
            + "covered by the release's privacy guarantee";

    private ReleaseJson() {
    }

    static void write(Release<double[]> release, Geometry geometry, Map<String, Object> input, Path file) {
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("guarantee", release.guarantee().label());
        root.put("guaranteeMeaning", release.guarantee().meaning());
        root.put("unitOfPrivacy", release.unitOfPrivacy());
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
        root.put("randomSource", release.randomSource());
        root.put("parameters", release.parameters());
        root.put("warnings", release.warnings());
        root.put("input", input);
        root.put("manifolddp", Versions.project());
        writeJson(root, file);
    }

    /** Writes the release's diagnostics, headed by {@link #DO_NOT_PUBLISH}. */
    static void writeDiagnostics(Release<double[]> release, Path file) {
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("note", DO_NOT_PUBLISH);
        root.put("mechanism", release.mechanism());
        root.put("sampler", sampler(release.sampler()));
        root.put("values", release.diagnostics().values());
        root.put("warnings", release.diagnostics().warnings());
        writeJson(root, file);
    }

    private static void writeJson(Map<String, Object> root, Path file) {
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
