package dev.manifolddp.experiments.output;

import dev.manifolddp.experiments.run.Experiment;
import dev.manifolddp.experiments.run.RunResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Every way a run departs from its paper's settings or from a proven guarantee: the author's notes from the
 * configuration, then what the run itself shows (a scaled replicate count, a non-proven sigma rule, non-private
 * releases, MCMC sampling, utilities measured after projection or left undefined, clipped data).
 */
final class Deviations {

    private Deviations() {
    }

    /** The configuration's own notes. */
    static List<String> declared(Experiment experiment) {
        return experiment.config().deviations();
    }

    /** What the run shows on its own. */
    static List<String> automatic(RunResult result, List<Group> groups) {
        Experiment experiment = result.experiment();
        List<String> notes = new ArrayList<>();
        if (experiment.options().scale() != 1.0) {
            notes.add(String.format(Locale.ROOT, "--scale %s: %d replicates per cell instead of the configured %d",
                    experiment.options().scale(), experiment.replicates(), experiment.config().replicates()));
        }
        if (experiment.config().nonPrivate()) {
            notes.add("the configuration is marked non-private (non-private: true): bounds may come from the data");
        }
        notes.addAll(experiment.dataNotes());
        Map<String, Set<String>> rules = new LinkedHashMap<>();
        Map<String, long[]> nonPrivate = new LinkedHashMap<>();
        Map<String, Group> mcmc = new LinkedHashMap<>();
        for (Group group : groups) {
            for (String rule : group.sigmaRules()) {
                if (!rule.equals("proven")) {
                    rules.computeIfAbsent(group.label(), k -> new LinkedHashSet<>()).add(rule);
                }
            }
            long[] counts = nonPrivate.computeIfAbsent(group.label(), k -> new long[3]);
            counts[0] += group.nonPrivate();
            counts[1] += group.releases();
            counts[2] += group.dataDerived();
            if (group.mcmc() != null) {
                mcmc.putIfAbsent(group.label(), group);
            }
        }
        rules.forEach((label, set) -> notes.add(String.format(
                "%s: sigma rule '%s' instead of the proven calibration, so the stated budget is not guaranteed",
                label, String.join("', '", set))));
        nonPrivate.forEach((label, counts) -> {
            if (counts[0] > 0) {
                notes.add(String.format(Locale.ROOT, "%s: %d of %d releases have no proven guarantee (unproven or "
                        + "not-private)%s", label, counts[0],
                        counts[1], counts[2] > 0 ? " (" + counts[2] + " with a bound computed from the data)" : ""));
            }
        });
        mcmc.forEach((label, group) -> notes.add(String.format(Locale.ROOT,
                "%s: drawn by Metropolis-Hastings (%d steps, burn-in %d, thinning %d), so pure DP holds only "
                        + "approximately; see run.json for acceptance rates", label, group.mcmc().proposals(),
                group.mcmc().burnIn(), group.mcmc().thin())));
        for (int u = 0; u < experiment.utilities().size(); u++) {
            String utility = experiment.utilities().get(u).name();
            Map<String, long[]> counts = new LinkedHashMap<>();
            for (Group group : groups) {
                long[] c = counts.computeIfAbsent(group.label(), k -> new long[3]);
                c[0] += group.projected()[u];
                c[1] += group.undefined()[u];
                c[2] += group.releases();
            }
            counts.forEach((label, c) -> {
                if (c[0] > 0) {
                    notes.add(String.format(Locale.ROOT, "%s of %s: %d of %d releases were off the manifold and "
                            + "were measured after projection onto it", utility, label, c[0], c[2]));
                }
                if (c[1] > 0) {
                    notes.add(String.format(Locale.ROOT, "%s of %s: %d of %d releases have no defined value (empty "
                            + "cells in replicates.csv, left out of the means)", utility, label, c[1], c[2]));
                }
            });
        }
        return notes;
    }
}
