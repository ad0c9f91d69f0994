package dev.manifolddp.experiments.run;

import dev.manifolddp.experiments.config.ConfigException;
import dev.manifolddp.experiments.config.PicturesConfig;
import dev.manifolddp.estimators.ResponsePrediction;
import dev.manifolddp.experiments.config.SweepAxis;
import dev.manifolddp.experiments.output.pictures.Pictures;
import dev.manifolddp.experiments.output.pictures.ReleasePicture;
import dev.manifolddp.utility.UtilityMeasure;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What the {@code pictures} section asks the run to keep and draw, checked against the built experiment: the cell
 * whose first releases are drawn, the cells of the distance-against-epsilon plot (every epsilon at the other axes'
 * values of that cell), and the pictures, each of which must accept the geometry. A regression's pictures draw its
 * releases' predictions and need no distance utility (a geodesic has no distance plot against epsilon here); every
 * other gallery plots the distance to the non-private estimate and needs {@value #DISTANCE}.
 *
 * @param config        the section as written
 * @param cell          the index of the cell drawn
 * @param epsilonCells  the cells of the distance plot, by increasing position in the sweep
 * @param distance      the index of the {@code geodesic-distance} utility in the experiment's utilities, or -1 for a
 *                      regression's pictures without it
 * @param pictures      the pictures to draw, in the order listed
 */
public record GalleryPlan(PicturesConfig config, int cell, List<Integer> epsilonCells, int distance,
        List<ReleasePicture> pictures) {

    /** The utility the distance plot shows. */
    public static final String DISTANCE = "geodesic-distance";

    public GalleryPlan {
        epsilonCells = List.copyOf(epsilonCells);
        pictures = List.copyOf(pictures);
    }

    /** The plan of {@code config} for the cells of an experiment, or a {@link ConfigException} at the key to fix. */
    static GalleryPlan of(PicturesConfig config, List<SweepAxis> axes, List<Cell> cells,
            List<UtilityMeasure> utilities, int replicates) {
        List<ReleasePicture> pictures = new ArrayList<>();
        for (int i = 0; i < config.show().size(); i++) {
            String name = config.show().get(i);
            String path = "pictures.show[" + i + "]";
            ReleasePicture picture = Pictures.named(name).orElseThrow(() -> new ConfigException(path, String.format(
                    "unknown picture '%s'; known pictures: %s", name, Pictures.names())));
            for (Cell cell : cells) {
                boolean predicts = cell.estimator().capability(ResponsePrediction.class).isPresent();
                if (picture.drawsPredictions() != predicts) {
                    throw new ConfigException(path, String.format(picture.drawsPredictions()
                            ? "the picture '%s' draws what a regression's releases predict along the covariate, and "
                                    + "the estimator %s predicts no response; choose a picture of its releases "
                                    + "(known pictures: %s). Provided value: %s"
                            : "the picture '%s' draws releases as points of the data's space, and the estimator %s "
                                    + "releases a regression (a geodesic); choose predicted-shapes or "
                                    + "predicted-ellipses (known pictures: %s). Provided value: %s", name,
                            cell.estimator().name(), Pictures.names(), name));
                }
                if (!picture.accepts(cell.geometry())) {
                    throw new ConfigException(path, String.format("the picture '%s' cannot draw points of %s; remove "
                            + "it or choose a picture for this geometry (known pictures: %s). Provided value: %s",
                            name, cell.geometry().spec(), Pictures.names(), name));
                }
            }
            ConfigException.at("pictures.options", () -> {
                picture.checkOptions(config.options());
                return picture;
            });
            pictures.add(picture);
        }
        int distance = -1;
        for (int u = 0; u < utilities.size(); u++) {
            if (utilities.get(u).name().equals(DISTANCE)) {
                distance = u;
            }
        }
        boolean predictions = pictures.stream().anyMatch(ReleasePicture::drawsPredictions);
        if (distance < 0 && !predictions) {
            throw new ConfigException("utility", "the pictures section plots the distance of the releases to the "
                    + "non-private estimate against epsilon: add " + DISTANCE + " to the utility list");
        }
        if (config.perMechanism() > replicates) {
            throw new ConfigException("pictures.per-mechanism", String.format("the pictures draw replicates 0..%d of "
                    + "one cell, but a cell has %d replicates; lower per-mechanism or raise replicates. Provided "
                    + "value: %d", config.perMechanism() - 1, replicates, config.perMechanism()));
        }
        for (String axis : config.at().keySet()) {
            SweepAxis known = axes.stream().filter(a -> a.name().equals(axis)).findFirst().orElseThrow(() ->
                    new ConfigException("pictures.at." + axis, String.format("'%s' is not a sweep axis; sweep axes: "
                            + "%s", axis, axes.stream().map(SweepAxis::name).toList())));
            if (known.values().stream().noneMatch(v -> same(v, config.at().get(axis)))) {
                throw new ConfigException("pictures.at." + axis, String.format("the value is not swept; '%s' takes "
                        + "%s. Provided value: %s", axis, known.values(), config.at().get(axis)));
            }
        }
        for (SweepAxis axis : axes) {
            if (axis.isSwept() && !config.at().containsKey(axis.name())) {
                throw new ConfigException("pictures.at", String.format("give the value of the swept axis '%s' at "
                        + "which the releases are drawn, e.g. at: { %s: %s }", axis.name(), axis.name(),
                        axis.values().get(0)));
            }
        }
        int drawn = -1;
        List<Integer> epsilonCells = new ArrayList<>();
        for (Cell cell : cells) {
            if (matches(cell.values(), config.at(), null)) {
                drawn = cell.index();
            }
            if (matches(cell.values(), config.at(), SweepAxis.EPSILON)) {
                epsilonCells.add(cell.index());
            }
        }
        return new GalleryPlan(config, drawn, epsilonCells, distance, pictures);
    }

    private static boolean matches(Map<String, String> values, Map<String, String> at, String except) {
        return at.entrySet().stream().allMatch(e -> e.getKey().equals(except)
                || same(values.get(e.getKey()), e.getValue()));
    }

    /** Axis values as written, or as numbers ({@code 1} and {@code 1.0} are one epsilon). */
    private static boolean same(String a, String b) {
        if (a.equals(b)) {
            return true;
        }
        try {
            return Double.parseDouble(a) == Double.parseDouble(b);
        } catch (NumberFormatException e) {
            return false;
        }
    }
}
