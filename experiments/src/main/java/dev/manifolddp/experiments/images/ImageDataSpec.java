package dev.manifolddp.experiments.images;

import dev.manifolddp.experiments.config.ConfigException;
import dev.manifolddp.experiments.data.InputFile;
import dev.manifolddp.experiments.spi.DescriptorBackend;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/**
 * The {@code data} section of a mean experiment on image covariance descriptors (Utpala et al. 2023 §6.2), after the
 * sweep's placeholders are filled:
 *
 * <pre>
 * data: { images: dataset:mnist, label: 3, eta: 1e-6, backend: java, center: identity, radius: theorem }
 * data: { images: "dataset:images-cc0/{image}.png", patch: 32, eta: 1e-6 }
 * </pre>
 *
 * <ul>
 *   <li>{@code images}: a CSV image set ({@code .csv} or {@code .csv.gz}, {@link CsvImages}) with {@code label}, the
 *       class to describe; or an image file cut into {@code patch x patch} patches ({@link PngPatches}), the whole
 *       file one class. A bundled set is named {@code dataset:NAME[/FILE]}.</li>
 *   <li>{@code eta}: the descriptor's ridge, in (0, 1); default 1e-6, the paper's.</li>
 *   <li>{@code backend}: the {@link DescriptorBackend} by name; default {@value DescriptorBackends#DEFAULT}.</li>
 *   <li>{@code center}: {@code identity} (the default), the centre of Thm 5's ball.</li>
 *   <li>{@code radius}: {@code theorem} (the default), {@link DescriptorSpec#radius(int, double, int, int)}, which holds every descriptor
 *       whatever the image; or a smaller public number, with {@code clip: true} to move descriptors outside it onto
 *       its boundary (otherwise they are refused). Nothing about the ball comes from the data.</li>
 * </ul>
 *
 * @param images  the image source as written
 * @param file    the file it names
 * @param label   the class of a CSV set, or null for an image file
 * @param patch   the patch side for an image file, or null for a CSV set
 * @param eta     the ridge
 * @param backend the backend's name
 * @param radius  the declared radius, or null for Thm 5's bound
 * @param clip    move descriptors outside a declared radius onto its boundary
 */
public record ImageDataSpec(String images, Path file, Integer label, Integer patch, double eta, String backend, Double radius,
        boolean clip) {

    /** The data keys of the images form, {@code images} first (the key that selects it). */
    public static final List<String> KEYS = List.of("images", "label", "patch", "eta", "backend", "center", "radius",
            "clip");
    /** The ridge of Utpala et al. 2023 §6.2. */
    public static final double DEFAULT_ETA = 1e-6;
    /** The {@code radius} value that asks for Thm 5's bound. */
    public static final String THEOREM = "theorem";
    /** The only {@code center} value: Thm 5's ball is around the identity. */
    public static final String IDENTITY = "identity";

    /** True when {@code file} is a CSV image set rather than a picture to cut into patches. */
    public static boolean isCsv(Path file) {
        String lower = file.getFileName().toString().toLowerCase(Locale.ROOT);
        return lower.endsWith(".csv") || lower.endsWith(".csv.gz");
    }

    /** True for a CSV image set. */
    public boolean isCsv() {
        return label != null;
    }

    /**
     * Checks the filled parameters; every error names its key under {@code data}.
     *
     * @param parameters the data section's keys with the cell's sweep values filled in
     * @param resolve    the file an {@code images} value names (a bundled {@code dataset:} name, or a path relative to
     *                   the configuration)
     */
    public static ImageDataSpec parse(Map<String, String> parameters, Function<String, Path> resolve) {
        String images = parameters.get("images");
        if (images == null || images.isBlank()) {
            throw new ConfigException("data.images", "name the images: a CSV image set (dataset:mnist) or a picture "
                    + "to cut into patches (dataset:images-cc0/rocket.png)");
        }
        Path file = ConfigException.at("data.images", () -> resolve.apply(images.strip()));
        if (!Files.exists(file)) {
            throw new ConfigException("data.images", "no such file: " + file + ". Provided value: " + images);
        }
        ConfigException.at("data.images", () -> {
            InputFile.requireRegular(file, "the images");
            return null;
        });
        boolean csv = isCsv(file);
        Integer label = null;
        Integer patch = null;
        if (csv) {
            refuse(parameters, "patch", "a CSV image set is described image by image; 'patch' is for pictures");
            label = integer(parameters, "label", Integer.MIN_VALUE, "the class to describe (e.g. label: 3)");
        } else {
            refuse(parameters, "label", "a picture is one class; 'label' is for CSV image sets");
            patch = integer(parameters, "patch", 3, "the side of the square patches (e.g. patch: 32)");
        }
        double eta = number(parameters, "eta", DEFAULT_ETA);
        if (!(eta > 0 && eta < 1)) {
            throw new ConfigException("data.eta", "the descriptor's ridge must lie in (0, 1) (the paper's is 1e-6). "
                    + "Provided value: " + parameters.get("eta"));
        }
        String backend = parameters.getOrDefault("backend", DescriptorBackends.DEFAULT).strip();
        ConfigException.at("data.backend", () -> DescriptorBackends.named(backend));
        String center = parameters.getOrDefault("center", IDENTITY).strip();
        if (!center.equals(IDENTITY)) {
            throw new ConfigException("data.center", "descriptors lie in Thm 5's ball around the identity; write "
                    + "center: identity (or leave it out). Provided value: " + center);
        }
        String radiusText = parameters.getOrDefault("radius", THEOREM).strip();
        Double radius = radiusText.equals(THEOREM) ? null : number(parameters, "radius", Double.NaN);
        if (radius != null && !(radius > 0)) {
            throw new ConfigException("data.radius", "a declared radius must be a number > 0, or 'theorem' for Thm "
                    + "5's bound. Provided value: " + radiusText);
        }
        String clipText = parameters.getOrDefault("clip", "false").strip();
        if (!clipText.equals("true") && !clipText.equals("false")) {
            throw new ConfigException("data.clip", "clip must be true or false. Provided value: " + clipText);
        }
        boolean clip = clipText.equals("true");
        if (clip && radius == null) {
            throw new ConfigException("data.clip", "Thm 5's radius holds every descriptor, so there is nothing to "
                    + "clip; declare a smaller radius with clip: true, or remove clip. Provided value: true");
        }
        return new ImageDataSpec(images.strip(), file, label, patch, eta, backend, radius, clip);
    }

    /** The ball's radius for descriptors of {@code set}'s images: the declared one or the theorem's bound. */
    public double radius(ImageSet set) {
        return radius != null ? radius : DescriptorSpec.radius(set.channels(), eta, set.height(), set.width());
    }

    private static void refuse(Map<String, String> parameters, String key, String why) {
        if (parameters.containsKey(key)) {
            throw new ConfigException("data." + key, why + ". Provided value: " + parameters.get(key));
        }
    }

    private static int integer(Map<String, String> parameters, String key, int min, String what) {
        String text = parameters.get(key);
        if (text == null) {
            throw new ConfigException("data", "needs '" + key + "': " + what);
        }
        try {
            int value = Integer.parseInt(text.strip());
            if (value < min) {
                throw new NumberFormatException();
            }
            return value;
        } catch (NumberFormatException e) {
            throw new ConfigException("data." + key, String.format(Locale.ROOT, "%s must be an integer%s. Provided "
                    + "value: %s", key, min == Integer.MIN_VALUE ? "" : " >= " + min, text));
        }
    }

    private static double number(Map<String, String> parameters, String key, double fallback) {
        String text = parameters.get(key);
        if (text == null) {
            return fallback;
        }
        try {
            double value = Double.parseDouble(text.strip());
            if (Double.isFinite(value)) {
                return value;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new ConfigException("data." + key, key + " must be a finite number. Provided value: " + text);
    }
}
