package dev.manifolddp.experiments.output;

import dev.manifolddp.estimators.CovariateRecords;
import dev.manifolddp.estimators.Estimator;
import dev.manifolddp.mechanisms.DataBall;
import dev.manifolddp.utility.Prediction;
import dev.manifolddp.experiments.config.MechanismConfig;
import dev.manifolddp.experiments.run.Cell;
import dev.manifolddp.experiments.spi.MeasureContexts;
import dev.manifolddp.experiments.run.Experiment;
import dev.manifolddp.experiments.run.GalleryPlan;
import dev.manifolddp.experiments.run.KeptReleases;
import dev.manifolddp.experiments.run.RunResult;
import dev.manifolddp.experiments.output.pictures.ReleaseGallery;
import dev.manifolddp.experiments.output.pictures.ReleasePicture;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The outputs of a {@code pictures} section: every requested {@link ReleasePicture} of the kept releases (file
 * {@code <picture>.png}) and the {@linkplain DistancePlot distance against epsilon} with the data's spread, plus the
 * notes that say what they show.
 */
final class GalleryOutputs {

    private GalleryOutputs() {
    }

    /** Writes the pictures into {@code folder}; returns the file names and adds its notes to {@code notes}. */
    static List<String> write(RunResult result, List<Group> groups, Path folder, List<String> notes)
            throws IOException {
        Experiment experiment = result.experiment();
        GalleryPlan plan = experiment.gallery();
        KeptReleases kept = result.kept();
        if (plan == null || kept == null) {
            return List.of();
        }
        Cell cell = experiment.cells().get(plan.cell());
        Map<String, List<double[]>> releases = new LinkedHashMap<>();
        List<MechanismConfig> mechanisms = experiment.mechanisms();
        for (int m = 0; m < mechanisms.size(); m++) {
            releases.put(label(groups, cell, m, mechanisms.get(m).label()), kept.releases(m));
        }
        String where = cell.describe() + (cell.n() < 0 ? ", n = " + kept.records() : "");
        Estimator estimator = cell.estimator();
        Prediction prediction = MeasureContexts.prediction(estimator, cell.geometry());
        double[] range = estimator.capability(CovariateRecords.class).flatMap(CovariateRecords::covariateRange)
                .orElse(null);
        ReleaseGallery gallery = new ReleaseGallery(experiment.config().name() + ": " + where, kept.sample(),
                kept.estimate(), releases, withBall(plan.config().options(), kept.ball(), plan.pictures()),
                prediction, range);
        List<String> files = new ArrayList<>();
        for (ReleasePicture picture : plan.pictures()) {
            String file = picture.name() + ".png";
            picture.write(folder.resolve(file), cell.geometry(), gallery);
            files.add(file);
            int drawn = releases.values().stream().mapToInt(List::size).max().orElse(0);
            notes.add(picture.drawsPredictions()
                    ? String.format(Locale.ROOT, "%s: what the first %d releases of each mechanism at %s (replicates "
                            + "1..%d) and the non-private fit of replicate 1 predict along the covariate", file, drawn,
                            where, drawn)
                    : String.format(Locale.ROOT, "%s: the first %d releases of each mechanism at %s (replicates "
                            + "1..%d), %d of the records and the non-private mean of replicate 1", file, drawn, where,
                            drawn, kept.sample().length));
        }
        if (DistancePlot.write(experiment, groups, kept.spread(), folder)) {
            files.add(DistancePlot.FILE);
        }
        if (files.contains(DistancePlot.FILE) && Double.isFinite(kept.spread())) {
            notes.add(String.format(Locale.ROOT, "%s: the dashed line is the data's own spread, the RMS geodesic "
                    + "distance of the %d records to their non-private mean = %.4g; it is a diagnostic of the "
                    + "experiment computed from the data, never part of a release", DistancePlot.FILE,
                    kept.records(), kept.spread()));
        }
        return files;
    }

    /**
     * The configured options, plus the data ball's centre and radius for pictures that draw a ball (the map), unless
     * the configuration set them: the picture then shows the ball the releases were made for.
     */
    private static Map<String, String> withBall(Map<String, String> options, DataBall ball,
            List<ReleasePicture> pictures) {
        Map<String, String> all = new LinkedHashMap<>(options);
        if (ball != null && pictures.stream().allMatch(ReleasePicture::takesBall)) {
            all.putIfAbsent("center", java.util.Arrays.stream(ball.center()).mapToObj(Double::toString)
                    .collect(java.util.stream.Collectors.joining(",")));
            all.putIfAbsent("radius", Double.toString(ball.radius()));
        }
        return all;
    }

    /** The mechanism's label with its sampler in the drawn cell (e.g. {@code kng (sampler: exact)}). */
    private static String label(List<Group> groups, Cell cell, int m, String label) {
        return groups.stream().filter(g -> g.cell().index() == cell.index() && g.mechanism() == m).findFirst()
                .map(g -> g.samplers().isEmpty() ? label : label + " (" + String.join(", ", g.samplers()) + ")")
                .orElse(label);
    }
}
