package dev.example.euclid;

import com.google.inject.Inject;
import dev.manifolddp.experiments.output.RunOutput;
import dev.manifolddp.experiments.run.RunResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** {@code euclid-note.txt}: the releases of the run and how many notes this run's graph has written so far. */
public final class EuclidNote implements RunOutput {

    private final NoteLog log;

    @Inject
    public EuclidNote(NoteLog log) {
        this.log = log;
    }

    @Override
    public List<String> write(RunResult result, Path folder) throws IOException {
        Files.writeString(folder.resolve("euclid-note.txt"), String.format("releases: %d%nnote of this run: %d%n",
                result.experiment().releases(), log.next()));
        return List.of("euclid-note.txt");
    }
}
