package dev.manifolddp.experiments.cli;

import dev.manifolddp.experiments.config.ConfigException;
import dev.manifolddp.experiments.data.AtomicFile;
import dev.manifolddp.experiments.data.DatasetFiles;
import dev.manifolddp.experiments.images.DescriptorSpec;
import dev.manifolddp.experiments.images.ImageDataSpec;
import dev.manifolddp.experiments.images.ImageDescriptors;
import dev.manifolddp.geometry.PointLayout;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/**
 * {@code mdp describe}: writes the covariance descriptors (Utpala et al. 2023 §6.2) of one class of images as a CSV
 * of SPD points, one row-major {@code k x k} matrix per row, which {@code mdp release} reads; prints the release
 * command with Thm 5's public ball (centre I, radius {@link DescriptorSpec#radius}).
 */
@Command(name = "describe", mixinStandardHelpOptions = true,
        description = "Write the covariance descriptors of one class of images as a CSV of SPD points.")
final class DescribeCommand implements Callable<Integer> {

    @ParentCommand
    Mdp parent;

    @Mixin
    DebugOption debug;

    @Option(names = "--input", required = true, paramLabel = "IMAGES", description = "A CSV image set "
            + "(label,train_index,p0..), e.g. dataset:mnist, or a PNG picture cut into patches.")
    String input;

    @Option(names = "--label", paramLabel = "L", description = "The class to describe (CSV image sets).")
    String label;

    @Option(names = "--patch", paramLabel = "P", description = "The side of the square patches (pictures).")
    String patch;

    @Option(names = "--eta", defaultValue = "1e-6", paramLabel = "ETA", description = "The ridge (default 1e-6).")
    String eta;

    @Option(names = "--backend", defaultValue = "java", paramLabel = "NAME", description = "The descriptor backend.")
    String backend;

    @Option(names = "--out", required = true, paramLabel = "FILE", description = "The CSV file to write.")
    Path out;

    @Option(names = "--force", description = "Replace --out when it exists.")
    boolean force;

    @Option(names = "--quiet", description = "No progress bar.")
    boolean quiet;

    @Override
    public Integer call() {
        Map<String, String> keys = new LinkedHashMap<>();
        keys.put("images", input);
        if (label != null) {
            keys.put("label", label);
        }
        if (patch != null) {
            keys.put("patch", patch);
        }
        keys.put("eta", eta);
        keys.put("backend", backend);
        ImageDescriptors described;
        try {
            ImageDataSpec spec = ImageDataSpec.parse(keys, name -> DatasetFiles.isName(name)
                    ? DatasetFiles.resolve("--input", name, List.of()) : Path.of(name));
            // before the images are read: --out must not replace them, --force or not
            OutputPaths.of().input("--input", spec.file()).file("--out", out).check(force);
            described = ImageDescriptors.of(spec, !quiet && System.console() != null);
        } catch (ConfigException e) {
            // the keys are the data section's; on the command line they are flags
            String flag = e.path().startsWith("data.") ? "--" + e.path().substring(5).replace("images", "input")
                    : "--input";
            throw new IllegalArgumentException(flag + ": " + e.getMessage().substring(e.path().length() + 2)
                    .replace("'label'", "--label").replace("'patch'", "--patch"), e);
        }
        int k = described.k();
        PointLayout layout = PointLayout.symmetricMatrix(k);
        StringBuilder csv = new StringBuilder(String.join(",", layout.columnNames())).append('\n');
        for (double[] r : described.descriptors()) {
            for (int j = 0; j < r.length; j++) {
                csv.append(j == 0 ? "" : ",").append(r[j]);
            }
            csv.append('\n');
        }
        AtomicFile.write(out, csv.toString().getBytes(StandardCharsets.UTF_8), force, "--out");
        double radius = DescriptorSpec.radius(described.set().channels(), Double.parseDouble(eta),
                described.set().height(), described.set().width());
        String identity = IntStream.range(0, k * k).mapToObj(j -> j % (k + 1) == 0 ? "1" : "0")
                .collect(Collectors.joining(","));
        parent.out.printf(Locale.ROOT, "wrote %s: %s as %d x %d descriptors (eta %s, backend %s)%n", out,
                described.set().source(), k, k, eta, described.backend());
        parent.out.printf(Locale.ROOT, "every descriptor lies within %s of I (Utpala et al. 2023, Thm 5); release a "
                + "private class mean with%n  mdp release --input %s --geometry spd/log-euclidean:k=%d --center %s "
                + "--radius %s --mechanism tangent-gaussian --param calibration=analytic --epsilon 0.5 --delta 1e-7%n",
                radius, out, k, identity, radius);
        return 0;
    }
}
