package dev.manifolddp.experiments.run;

import com.google.inject.Inject;
import dev.manifolddp.experiments.config.ConfigException;
import dev.manifolddp.experiments.config.ExperimentConfig;
import dev.manifolddp.experiments.data.BallClip;
import dev.manifolddp.experiments.data.DatasetFiles;
import dev.manifolddp.experiments.data.ManifoldProjection;
import dev.manifolddp.experiments.data.PointFile;
import dev.manifolddp.experiments.images.DescriptorSpec;
import dev.manifolddp.experiments.images.ImageDataSpec;
import dev.manifolddp.experiments.images.ImageDescriptors;
import dev.manifolddp.experiments.spi.DataSourceFactory;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.PointLayout;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The built-in {@code images} data source: image covariance descriptors as the records of a mean experiment
 * ({@code data: { images: ... }}, see {@link ImageDataSpec}). The descriptors are computed once, checked against the public ball around the identity and
 * served like the rows of a file. The largest {@code |Logm R|_F} of the data is measured against Thm 5's bound
 * (Utpala et al. 2023) and reported in the run's summary: an experiment diagnostic, never an input of a release.
 */
final class ImageSources implements DataSourceFactory {

    private final ExperimentConfig config;
    private final RunOptions options;
    private final DataNotes notes;

    @Inject
    ImageSources(ExperimentConfig config, RunOptions options, DataNotes notes) {
        this.config = config;
        this.options = options;
        this.notes = notes;
    }

    /**
     * The descriptors the cell's filled {@code parameters} name, as a {@link FileSource} on {@code geometry}; clipped
     * descriptors are counted and noted in the run's {@link DataNotes}. Shows a progress bar while describing when the
     * run shows progress.
     */
    @Override
    public FileSource create(Geometry geometry, Map<String, String> parameters) {
        ImageDataSpec spec = ImageDataSpec.parse(parameters, name -> DatasetFiles.isName(name)
                ? DatasetFiles.resolve("data.images", name, List.of(config.baseDirectory()))
                : config.baseDirectory().resolve(name));
        ImageDescriptors described = ConfigException.at("data.images", () -> ImageDescriptors.of(spec,
                options.progress()));
        int k = described.k();
        int channels = described.set().channels();
        PointLayout layout = geometry.layout();
        if (layout.kind() != PointLayout.Kind.SYMMETRIC_MATRIX || layout.size() != k) {
            throw new ConfigException("geometry", String.format(Locale.ROOT, "the descriptors of %s images are %d x %d "
                    + "SPD matrices: use spd/log-euclidean:k=%d. Provided value: %s", channels == 1 ? "grey" : "RGB",
                    k, k, k, geometry.spec()));
        }
        double[] identity = new double[k * k];
        for (int a = 0; a < k; a++) {
            identity[a * k + a] = 1;
        }
        ManifoldProjection projection = new ManifoldProjection(geometry);
        double[][] points = new double[described.descriptors().length][];
        double largest = 0;
        for (int i = 0; i < points.length; i++) {
            double[] descriptor = described.descriptors()[i];
            points[i] = ConfigException.at("data.images", () -> projection.project(descriptor));
            largest = Math.max(largest, geometry.distance(identity, points[i]));
        }
        double bound = DescriptorSpec.radius(channels, spec.eta(), described.set().height(), described.set().width());
        double radius = spec.radius(described.set());
        BallClip.Result result = ConfigException.at("data.radius", () -> BallClip.apply(geometry, identity, radius, "data.radius",
                new PointFile.Points(points, described.set().origins()), spec.clip(),
                "set 'clip: true' under data to move them onto the ball's boundary, or use radius: theorem"));
        notes.clipped(result.moved());
        if (result.moved() > 0) {
            notes.add(String.format(Locale.ROOT, "%d of %d descriptors of %s lay outside the declared ball of radius "
                    + "%s and were moved onto its boundary (clip: true)", result.moved(), points.length, spec.images(),
                    radius));
        }
        String ball = spec.radius() == null
                ? String.format(Locale.ROOT, "radius %.4g (Thm 5 with the position features)", radius)
                : String.format(Locale.ROOT, "declared radius %s", radius);
        return new FileSource(geometry, result.points(), identity, radius, false, String.format(Locale.ROOT,
                "%s as %d x %d descriptors (eta %s, backend %s) on %s, ball centre I, %s; largest |Logm R|_F %.4g "
                        + "= %.0f%% of the theorem's bound %.4g", described.set().source(), k, k, java.math.BigDecimal.valueOf(spec.eta()).stripTrailingZeros().toString(),
                described.backend(), geometry.spec(), ball, largest, 100 * largest / bound, bound));
    }
}
