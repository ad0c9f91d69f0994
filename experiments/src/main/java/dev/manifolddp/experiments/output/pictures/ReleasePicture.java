package dev.manifolddp.experiments.output.pictures;

import dev.manifolddp.geometry.Geometry;
import java.io.IOException;
import java.nio.file.Path;

/**
 * A picture of releases next to the data they came from, drawn in the data's own terms (shapes as outlines,
 * tensors as ellipsoids, directions on a map) so that a user sees whether a private estimate still looks like the
 * object. A configuration asks for pictures by {@linkplain #name() name}; each picture says which geometries it can
 * draw.
 */
public interface ReleasePicture {

    /** The name a configuration uses, e.g. {@code shapes}. */
    String name();

    /** One line for {@code mdp list}: what it draws, for which data and estimator, and its options. */
    String description();

    /** True when this picture can draw points of {@code geometry}. */
    boolean accepts(Geometry geometry);

    /**
     * Checks the options a configuration gives ({@code pictures: options}) before anything runs; options this
     * picture does not read are left to the others.
     *
     * @throws IllegalArgumentException naming the option and its value when this picture cannot use it
     */
    default void checkOptions(java.util.Map<String, String> options) {
    }

    /** Writes the picture of {@code gallery} as a PNG file {@code png}. */
    void write(Path png, Geometry geometry, ReleaseGallery gallery) throws IOException;

    /**
     * True when the picture takes the data ball as options {@code center} and {@code radius}; the run then passes the
     * ball the releases were made for unless the configuration set them.
     */
    default boolean takesBall() {
        return false;
    }

    /**
     * True when the picture draws what releases predict along the covariate ({@link ReleaseGallery#prediction()}),
     * which only an estimator with covariate records (a regression) gives; false when it draws the releases
     * themselves as points of the data's space.
     */
    default boolean drawsPredictions() {
        return false;
    }
}
