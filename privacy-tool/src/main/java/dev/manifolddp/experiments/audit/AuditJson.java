package dev.manifolddp.experiments.audit;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.manifolddp.experiments.Versions;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.mechanisms.PrivacyBudget;
import dev.manifolddp.sampling.random.RandomStreams;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes {@code audit.json}: the configuration and seeds, the adjacent data sets, and for each mechanism the claimed
 * budget, the lower confidence bound with its confidence, the event and the counts it rests on, the delta bound at
 * the claimed epsilon and the releases that failed per pair and data set. The top-level
 * {@code epsilonLowerBound} is the largest over the mechanisms, which the Bonferroni split keeps at the familywise
 * confidence. Undefined numbers are written as null.
 */
public final class AuditJson {

    /** What the bound cannot see, written with every audit. */
    static final List<String> LIMITATIONS = List.of(
            "a lower bound only: a small value does not show the mechanism is private",
            "only the boundary and slack pairs and the events tried are seen; the worst pair or event may be elsewhere",
            "a failure of probability delta needs about 1/delta releases to be seen",
            "a failure is seen only as an exception from the release; a hang, an Error or a refusal at calibration "
                    + "is not an outcome",
            "timing and other side channels are out of scope");

    private AuditJson() {
    }

    public static void write(AuditResult result, Path file) {
        try {
            new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValue(file.toFile(), content(result));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }

    static Map<String, Object> content(AuditResult result) {
        AuditSetup setup = result.setup();
        Map<String, Object> root = new LinkedHashMap<>();
        MechanismAudit largest = result.audits().stream()
                .max(Comparator.comparingDouble(MechanismAudit::epsilonLowerBound)).orElseThrow();
        root.put("epsilonLowerBound", largest.epsilonLowerBound());
        root.put("epsilonLowerBoundMechanism", largest.target().label());
        root.put("confidence", setup.confidence());
        root.put("anyViolation", result.anyViolation());
        root.put("claimedBudget", budget(setup.budget()));
        root.put("geometry", setup.geometry().spec());
        if (!setup.isMeanAudit()) {
            root.put("estimator", setup.estimator().name());
            root.put("replacements", setup.replacements().stream().map(Replacement::configName).toList());
        }
        root.put("center", setup.centre());
        root.put("radius", setup.radius());
        root.put("n", setup.n());
        root.put("releasesPerDataSet", setup.releases());
        root.put("selectionReleases", setup.selectionReleases());
        root.put("measurementReleases", setup.measurementReleases());
        root.put("seed", setup.seed());
        root.put("randomSource", RandomStreams.seeded(setup.seed()).describe() + "; directions from stream (0, 0), "
                + "release i on data set role r (0 = D, 1 = D') of pair p from stream (1 + 2p + r, i); pair p is "
                + "direction p / " + BoundaryPairs.PER_DIRECTION + " at placement p % " + BoundaryPairs.PER_DIRECTION
                + " (0 = boundary, 1 = slack)" + (setup.isMeanAudit() ? "" : ", each placement once per replacement "
                + "in the order of replacements (pair index (direction * " + BoundaryPairs.PER_DIRECTION
                + " + placement) * replacements + replacement)"));
        root.put("dataSets", dataSets(result));
        List<Map<String, Object>> mechanisms = new ArrayList<>();
        for (MechanismAudit audit : result.audits()) {
            mechanisms.add(mechanism(audit));
        }
        root.put("mechanisms", mechanisms);
        root.put("limitations", LIMITATIONS);
        root.put("manifolddp", Versions.project());
        return root;
    }

    private static List<Map<String, Object>> dataSets(AuditResult result) {
        List<Map<String, Object>> pairs = new ArrayList<>();
        int n = result.setup().n();
        Geometry geometry = result.setup().geometry();
        double[] centre = result.setup().centre();
        for (BoundaryPair pair : result.pairs()) {
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("pair", pair.index());
            entry.put("direction", pair.directionIndex());
            entry.put("directionTangentCoordinates", pair.coordinates());
            entry.put("placement", pair.placement().configName());
            if (!result.setup().isMeanAudit()) {
                entry.put("replacement", pair.replacement().configName());
            }
            entry.put("length", pair.length());
            entry.put("near", pair.near());
            entry.put("far", pair.far());
            entry.put("nearDistance", geometry.distance(centre, pair.near()));
            entry.put("farDistance", geometry.distance(centre, pair.far()));
            entry.put("D", n + " records at near");
            entry.put("DPrime", (n - 1) + " records at near and 1 at far (record " + n + " replaced)");
            pairs.add(entry);
        }
        return pairs;
    }

    private static Map<String, Object> mechanism(MechanismAudit audit) {
        Map<String, Object> entry = new LinkedHashMap<>();
        entry.put("mechanism", audit.target().name());
        entry.put("parameters", audit.target().parameters());
        entry.put("claimedBudget", budget(audit.claimed()));
        entry.put("guarantee", audit.guarantee().label());
        entry.put("sigma", number(audit.sigma()));
        entry.put("epsilonLowerBound", audit.epsilonLowerBound());
        entry.put("confidence", audit.confidence());
        entry.put("epsilonPointEstimate", number(audit.measurement().pointEstimate()));
        entry.put("deltaLowerBound", audit.deltaLowerBound());
        entry.put("deltaLowerBoundNote", "the least delta the claimed epsilon needs, from the same event at the same "
                + "confidence: above the claimed delta exactly when epsilonLowerBound is above the claimed epsilon");
        entry.put("violation", audit.violation());
        entry.put("verdict", audit.verdict());
        AuditEvent event = audit.event();
        Map<String, Object> chosen = new LinkedHashMap<>();
        chosen.put("description", event.describe());
        chosen.put("pair", event.pair());
        chosen.put("numerator", event.numeratorRole() == 0 ? "D" : "DPrime");
        if (event instanceof HalfLineEvent halfLine) {
            chosen.put("outcome", "released value");
            chosen.put("coordinates", halfLine.system().configName());
            chosen.put("statistic", halfLine.statistic().configName());
            chosen.put("side", halfLine.above() ? "above" : "below");
            chosen.put("threshold", halfLine.threshold());
            chosen.put("direction", halfLine.direction());
            chosen.put("medianOnD", halfLine.centre());
            chosen.put("medianOnDPrime", halfLine.centreOther());
        } else {
            chosen.put("outcome", "release failed");
        }
        chosen.put("candidatesCompared", audit.candidates());
        entry.put("event", chosen);
        entry.put("failures", failures(audit.failures()));
        EpsilonBound m = audit.measurement();
        Map<String, Object> counts = new LinkedHashMap<>();
        counts.put("inEvent", m.inEvent());
        counts.put("releases", m.releases());
        counts.put("inEventOther", m.inEventOther());
        counts.put("releasesOther", m.releasesOther());
        counts.put("pLower", m.pLower());
        counts.put("pOtherUpper", m.pOtherUpper());
        counts.put("alphaEachSide", m.alphaSide());
        entry.put("measurement", counts);
        Map<String, Object> selection = new LinkedHashMap<>();
        selection.put("inEvent", audit.selection().inEvent());
        selection.put("inEventOther", audit.selection().inEventOther());
        selection.put("note", "counts of the chosen event on the selection half; biased by the choice, not a bound");
        entry.put("selection", selection);
        return entry;
    }

    private static Map<String, Object> failures(ReleaseFailures failures) {
        Map<String, Object> map = new LinkedHashMap<>();
        map.put("onD", failures.onD());
        map.put("onDPrime", failures.onDPrime());
        map.put("releasesPerRole", failures.releasesPerRole());
        List<Map<String, Object>> pairs = new ArrayList<>();
        for (ReleaseFailures.Pair pair : failures.pairs()) {
            Map<String, Object> counts = new LinkedHashMap<>();
            counts.put("pair", pair.pair());
            counts.put("onD", pair.onD());
            counts.put("onDPrime", pair.onDPrime());
            counts.put("releases", pair.releases());
            pairs.add(counts);
        }
        map.put("byPair", pairs);
        map.put("firstFailure", failures.example());
        map.put("note", "releases that threw after calibration, over both halves: counts, not a bound (the event "
                + "'release failed' is measured like any other when the selection chooses it)");
        return map;
    }

    private static Map<String, Object> budget(PrivacyBudget budget) {
        Map<String, Object> map = new LinkedHashMap<>();
        map.put("epsilon", budget.epsilon());
        map.put("delta", budget.delta());
        return map;
    }

    private static Double number(double value) {
        return Double.isFinite(value) ? value : null;
    }
}
