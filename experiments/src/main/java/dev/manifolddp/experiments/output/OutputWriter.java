package dev.manifolddp.experiments.output;

import dev.manifolddp.experiments.run.RunResult;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes a run's outputs into one folder: {@code replicates.csv}, {@code summary.csv}, the PNG plots,
 * {@code summary.md} and {@code run.json}.
 */
public final class OutputWriter {

    private OutputWriter() {
    }

    /** Writes every output into {@code folder} (created if needed); returns the file names written. */
    public static List<String> write(RunResult result, Path folder) {
        try {
            Files.createDirectories(folder);
            List<Group> groups = Group.of(result);
            List<String> files = new ArrayList<>();
            ReplicatesCsv.write(result, folder.resolve("replicates.csv"));
            files.add("replicates.csv");
            SummaryCsv.write(result, groups, folder.resolve("summary.csv"));
            files.add("summary.csv");
            List<String> plotNotes = new ArrayList<>();
            List<String> plots = withHeadlessGraphics(() -> Plots.write(result.experiment(), groups, folder,
                    plotNotes));
            List<String> pictures = withHeadlessGraphics(() -> GalleryOutputs.write(result, groups, folder,
                    plotNotes));
            plots = new ArrayList<>(plots);
            plots.addAll(pictures);
            files.addAll(plots);
            List<String> declared = Deviations.declared(result.experiment());
            List<String> automatic = Deviations.automatic(result, groups);
            SummaryMarkdown.write(result, groups, plots, declared, automatic, plotNotes,
                    folder.resolve("summary.md"));
            files.add("summary.md");
            files.add("run.json");
            List<String> deviations = new ArrayList<>(declared);
            deviations.addAll(automatic);
            RunJson.write(result, groups, deviations, files, folder.resolve("run.json"));
            return files;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the results into " + folder + ": " + e.getMessage(), e);
        }
    }

    private interface IoSupplier<T> {
        T get() throws IOException;
    }

    /** Plots are drawn off-screen; without this a machine with no display fails to load AWT. */
    private static <T> T withHeadlessGraphics(IoSupplier<T> action) throws IOException {
        if (System.getProperty("java.awt.headless") == null) {
            System.setProperty("java.awt.headless", "true");
        }
        return action.get();
    }
}
