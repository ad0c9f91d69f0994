package dev.example.euclid;

import com.google.inject.Inject;
import dev.manifolddp.experiments.spi.RunOutput;
import dev.manifolddp.experiments.spi.RunRecords;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * {@code euclid-note.txt}: the releases of the run, how many notes this run's graph has written so far, and how many
 * lattices the run's {@link LatticeCache} built (the same instance its lattice sources received).
 */
public final class EuclidNote implements RunOutput {

    private final NoteLog log;
    private final LatticeCache lattices;

    @Inject
    public EuclidNote(NoteLog log, LatticeCache lattices) {
        this.log = log;
        this.lattices = lattices;
    }

    @Override
    public List<String> write(RunRecords result, Path folder) throws IOException {
        Files.writeString(folder.resolve("euclid-note.txt"), String.format(
                "releases: %d%nnote of this run: %d%nlattices built: %d%n", result.releases(), log.next(),
                lattices.built()));
        return List.of("euclid-note.txt");
    }
}
