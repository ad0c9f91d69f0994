package dev.manifolddp.experiments.output.pictures;

import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The pictures a configuration can ask for by name ({@code pictures: show: [...]}). To add one, write a
 * {@link ReleasePicture} in this package and add one line to {@link #ALL}.
 */
public final class Pictures {

    /** Every picture, one line each. */
    private static final List<ReleasePicture> ALL = List.of(
            new ShapePicture(),
            new EllipsoidPicture(),
            new SphereMapPicture(),
            new ModesPicture(),
            new PredictedShapesPicture(),
            new PredictedEllipsesPicture());

    private Pictures() {
    }

    /** Every known picture. */
    public static List<ReleasePicture> all() {
        return ALL;
    }

    /** The picture called {@code name}. */
    public static Optional<ReleasePicture> named(String name) {
        return ALL.stream().filter(p -> p.name().equals(name)).findFirst();
    }

    /** The known names, comma-separated, for messages. */
    public static String names() {
        return ALL.stream().map(ReleasePicture::name).collect(Collectors.joining(", "));
    }
}
