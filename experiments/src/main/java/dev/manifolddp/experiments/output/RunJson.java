package dev.manifolddp.experiments.output;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.manifolddp.experiments.Versions;
import dev.manifolddp.experiments.config.MechanismConfig;
import dev.manifolddp.experiments.run.Cell;
import dev.manifolddp.experiments.run.Experiment;
import dev.manifolddp.experiments.run.RunResult;
import dev.manifolddp.experiments.run.WarningLog;
import dev.manifolddp.utility.UtilityMeasure;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code run.json}: the configuration as written, versions, the master seed and stream layout, the cells, and per
 * cell and mechanism the privacy accounting (budget, sensitivity, sigma and its rule, whether every release is
 * private) and sampler diagnostics, then the deduplicated warnings, the deviations, and the wall time. Undefined
 * numbers are written as null.
 */
final class RunJson {

    private RunJson() {
    }

    static void write(RunResult result, List<Group> groups, List<String> deviations, List<String> outputs, Path file)
            throws IOException {
        Experiment experiment = result.experiment();
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("name", experiment.config().name());
        root.put("reproduces", experiment.config().reproduces());
        root.put("configurationFile", experiment.config().file() == null ? null
                : experiment.config().file().toAbsolutePath().normalize().toString());
        root.put("configuration", experiment.config().document());
        root.put("versions", Versions.all());
        root.put("seed", experiment.config().seed());
        root.put("streams", experiment.streams().describe());
        Map<String, Object> replicates = new LinkedHashMap<>();
        replicates.put("configured", experiment.config().replicates());
        replicates.put("scale", experiment.options().scale());
        replicates.put("perCell", experiment.replicates());
        root.put("replicates", replicates);
        root.put("threads", experiment.threads());
        root.put("releases", experiment.releases());
        List<Map<String, Object>> cells = new ArrayList<>();
        Set<String> sources = new LinkedHashSet<>();
        for (Cell cell : experiment.cells()) {
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("index", cell.index());
            entry.put("values", cell.values());
            entry.put("geometry", cell.geometry().spec());
            cells.add(entry);
            sources.add(cell.data().describe());
        }
        root.put("cells", cells);
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("sources", sources);
        data.put("clippedRows", experiment.clippedRows());
        data.put("notes", experiment.dataNotes());
        root.put("data", data);
        Map<String, Object> estimator = new LinkedHashMap<>();
        estimator.put("name", experiment.config().estimator().name());
        estimator.put("params", experiment.config().estimator().params());
        root.put("estimator", estimator);
        List<Map<String, Object>> mechanisms = new ArrayList<>();
        for (MechanismConfig mechanism : experiment.mechanisms()) {
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("label", mechanism.label());
            entry.put("name", mechanism.name());
            entry.put("params", mechanism.params());
            mechanisms.add(entry);
        }
        root.put("mechanisms", mechanisms);
        List<Map<String, Object>> utilities = new ArrayList<>();
        for (UtilityMeasure utility : experiment.utilities()) {
            utilities.add(ordered("name", utility.name(), "description", utility.description()));
        }
        root.put("utilityMeasures", utilities);
        root.put("privacy", privacy(experiment, groups));
        List<Map<String, Object>> warnings = new ArrayList<>();
        for (WarningLog.Entry entry : result.warnings()) {
            Map<String, Object> warning = new LinkedHashMap<>();
            warning.put("mechanism", entry.mechanism());
            warning.put("text", entry.text());
            warning.put("count", entry.count());
            warnings.add(warning);
        }
        root.put("warnings", warnings);
        root.put("deviations", deviations);
        root.put("wallSeconds", result.wallSeconds());
        root.put("outputs", outputs);
        new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValue(file.toFile(), root);
    }

    private static List<Map<String, Object>> privacy(Experiment experiment, List<Group> groups) {
        List<Map<String, Object>> entries = new ArrayList<>();
        for (Group group : groups) {
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("cell", group.cell().index());
            entry.put("values", group.cell().values());
            entry.put("mechanism", group.label());
            Map<String, Object> budget = new LinkedHashMap<>();
            budget.put("epsilon", group.cell().budget().epsilon());
            budget.put("delta", group.delta()); // what the releases spent: a pure mechanism spends no delta
            entry.put("budget", budget);
            entry.put("guarantee", group.guarantee().label());
            entry.put("unitOfPrivacy", experiment.unitOfPrivacy());
            entry.put("sensitivity", range(group.sensitivity()));
            entry.put("sigma", range(group.sigma()));
            entry.put("sigmaRule", group.sigmaRules().size() == 1 ? group.sigmaRules().iterator().next()
                    : group.sigmaRules());
            entry.put("nonPrivateReleases", group.nonPrivate());
            entry.put("dataDerivedReleases", group.dataDerived());
            Map<String, Object> sampler = new LinkedHashMap<>();
            sampler.put("method", group.samplers().size() == 1 ? group.samplers().iterator().next()
                    : group.samplers());
            sampler.put("meanAcceptanceRate", number(group.acceptance()));
            sampler.put("meanEffectiveSampleSize", number(group.ess()));
            sampler.put("meanProposals", number(group.proposals()));
            if (group.mcmc() != null) {
                sampler.put("steps", group.mcmc().proposals());
                sampler.put("burnIn", group.mcmc().burnIn());
                sampler.put("thin", group.mcmc().thin());
                sampler.put("chains", group.mcmc().chains());
            }
            entry.put("sampler", sampler);
            Map<String, Object> time = new LinkedHashMap<>();
            time.put("meanSeconds", number(group.releaseTime().mean()));
            time.put("medianSeconds", number(group.releaseTime().median()));
            time.put("note", "wall time of the release call under " + experiment.threads() + " worker thread(s)");
            entry.put("releaseTime", time);
            Map<String, Object> notes = new LinkedHashMap<>();
            for (int u = 0; u < experiment.utilities().size(); u++) {
                if (group.projected()[u] > 0 || group.undefined()[u] > 0) {
                    notes.put(experiment.utilities().get(u).name(),
                            ordered("projected", group.projected()[u], "undefined", group.undefined()[u]));
                }
            }
            entry.put("utilityNotes", notes);
            entries.add(entry);
        }
        return entries;
    }

    private static Map<String, Object> range(Group.Range range) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("mean", number(range.mean()));
        out.put("min", number(range.min()));
        out.put("max", number(range.max()));
        return out;
    }

    private static Double number(double value) {
        return Double.isFinite(value) ? value : null;
    }

    /** A two-entry map written in the given order ({@code Map.of} iterates in an order that changes per JVM). */
    private static Map<String, Object> ordered(String k1, Object v1, String k2, Object v2) {
        Map<String, Object> map = new LinkedHashMap<>();
        map.put(k1, v1);
        map.put(k2, v2);
        return map;
    }
}
