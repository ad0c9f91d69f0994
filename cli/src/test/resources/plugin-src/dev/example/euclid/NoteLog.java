package dev.example.euclid;

/** State the plugin keeps for one run: how many notes it has written in that run. */
public final class NoteLog {

    private int written;

    synchronized int next() {
        return ++written;
    }
}
