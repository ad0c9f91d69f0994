package dev.manifolddp.experiments.run;

import dev.manifolddp.experiments.config.MechanismConfig;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * The warnings of a run's releases, deduplicated per mechanism. Warnings that differ only in their decimal numbers
 * (an MCMC acceptance rate, a sigma) count as one; the text kept is that of the earliest task, so the log does not
 * depend on thread scheduling. Thread-safe.
 */
public final class WarningLog {

    private static final Pattern DECIMAL = Pattern.compile("-?\\d+\\.\\d+(?:[eE][-+]?\\d+)?");

    /**
     * One distinct warning.
     *
     * @param mechanism the mechanism's label
     * @param text      the text of its earliest occurrence
     * @param count     how many releases gave it
     */
    public record Entry(String mechanism, String text, long count) {
    }

    /**
     * One distinct warning with the task it first occurred in: what a distributed engine's worker ships back, so the
     * driver can {@link #merge} the workers' logs into the log a local run would have written.
     *
     * @param mechanism the mechanism's index in configuration order
     * @param firstTask the earliest task that gave it
     * @param text      the text of that occurrence
     * @param count     how many releases gave it
     */
    public record Occurrence(int mechanism, long firstTask, String text, long count) implements Serializable {
    }

    private static final class Slot {
        long firstTask;
        String text;
        long count;
    }

    private final List<Map<String, Slot>> byMechanism = new ArrayList<>();
    private final List<String> labels;

    /** An empty log with one slot per mechanism of {@code experiment}, in its order. */
    public static WarningLog of(Experiment experiment) {
        return new WarningLog(experiment.mechanisms().stream().map(MechanismConfig::label).toList());
    }

    public WarningLog(List<String> labels) {
        this.labels = List.copyOf(labels);
        for (int i = 0; i < labels.size(); i++) {
            byMechanism.add(new TreeMap<>());
        }
    }

    /** Records one warning of mechanism {@code mechanism} in task {@code task}. */
    public synchronized void add(int mechanism, long task, String text) {
        add(mechanism, task, text, 1);
    }

    /** Adds another log's occurrence, as if its {@code count} releases had been recorded here. */
    public synchronized void merge(Occurrence occurrence) {
        add(occurrence.mechanism(), occurrence.firstTask(), occurrence.text(), occurrence.count());
    }

    /** Every distinct warning with its first task, by mechanism, then by first occurrence. */
    public synchronized List<Occurrence> occurrences() {
        List<Occurrence> occurrences = new ArrayList<>();
        for (int m = 0; m < labels.size(); m++) {
            int mechanism = m;
            byMechanism.get(m).values().stream()
                    .sorted((a, b) -> Long.compare(a.firstTask, b.firstTask))
                    .forEach(slot -> occurrences.add(new Occurrence(mechanism, slot.firstTask, slot.text, slot.count)));
        }
        return occurrences;
    }

    private void add(int mechanism, long task, String text, long count) {
        String key = DECIMAL.matcher(text).replaceAll("#");
        Slot slot = byMechanism.get(mechanism).computeIfAbsent(key, k -> {
            Slot fresh = new Slot();
            fresh.firstTask = Long.MAX_VALUE;
            return fresh;
        });
        slot.count += count;
        if (task < slot.firstTask) {
            slot.firstTask = task;
            slot.text = text;
        }
    }

    /** Every distinct warning, by mechanism in configuration order, then by first occurrence. */
    public synchronized List<Entry> entries() {
        List<Entry> entries = new ArrayList<>();
        for (int m = 0; m < labels.size(); m++) {
            String label = labels.get(m);
            byMechanism.get(m).values().stream()
                    .sorted((a, b) -> Long.compare(a.firstTask, b.firstTask))
                    .forEach(slot -> entries.add(new Entry(label, slot.text, slot.count)));
        }
        return entries;
    }
}
