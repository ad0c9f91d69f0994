package dev.manifolddp.experiments.run;

import java.util.ArrayList;
import java.util.List;

/**
 * Facts about the data of one run for its report (e.g. how many rows were clipped onto the ball): a singleton of the
 * run's graph (bound there by {@link ComparisonModule}, so a class without dependencies is not created once in the
 * shared root), which every data source of the run, built in or bound by a plugin, may receive. Counts of the data
 * are experiment diagnostics, never part of a release.
 */
public final class DataNotes {

    private final List<String> notes = new ArrayList<>();
    private int clipped;

    /** Adds one line to the run's data notes. */
    public synchronized void add(String note) {
        notes.add(note);
    }

    /** Counts {@code rows} records moved onto the ball's boundary. */
    public synchronized void clipped(int rows) {
        clipped += rows;
    }

    synchronized List<String> notes() {
        return List.copyOf(notes);
    }

    synchronized int clipped() {
        return clipped;
    }
}
