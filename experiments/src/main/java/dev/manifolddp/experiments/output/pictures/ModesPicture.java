package dev.manifolddp.experiments.output.pictures;

import dev.manifolddp.estimators.PrincipalModes;
import dev.manifolddp.estimators.TangentPcaEstimator;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.TangentBasis;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The principal modes of tangent-pca releases drawn as the objects they move (Fletcher et al. 2004's picture of
 * principal geodesic analysis): for the non-private second moment and for the first release of each mechanism, the
 * points {@code exp_p(+- 2 sqrt(lambda_j) u_j)} along the first two modes j = 1, 2 at the base point p (the public
 * ball's centre, tangent-pca's default base). Landmark shapes are drawn by {@link ShapePicture}, 3 x 3 tensors as
 * ellipsoids by {@link EllipsoidPicture}: each row holds mode 1 at -2 sd and +2 sd, then mode 2 at -2 sd and +2 sd,
 * over the base point. A private direction's sign is chosen to agree with the non-private one and negative released
 * variances are clipped at 0: post-processing for display, no privacy cost.
 */
public final class ModesPicture implements ReleasePicture {

    /** The modes drawn: the first two. */
    private static final int MODES = 2;
    private static final double SD = 2;

    private final ShapePicture shapes = new ShapePicture();
    private final EllipsoidPicture ellipsoids = new EllipsoidPicture();

    @Override
    public String name() {
        return "modes";
    }

    @Override
    public String description() {
        return "tangent-pca releases as the objects their first two principal modes move (shapes or tensors), the non-private modes first";
    }

    @Override
    public boolean accepts(Geometry geometry) {
        return geometry.capability(TangentBasis.class).isPresent() && geometry.dimension() >= MODES
                && (shapes.accepts(geometry) || ellipsoids.accepts(geometry));
    }

    @Override
    public boolean takesBall() {
        return true;
    }

    @Override
    public void checkOptions(Map<String, String> options) {
        ShapePicture.closedOutline(options);
    }

    @Override
    public void write(Path png, Geometry geometry, ReleaseGallery gallery) throws IOException {
        String centre = gallery.options().get("center");
        if (centre == null) {
            throw new IllegalArgumentException("picture modes: the base point (the option center, which the run sets "
                    + "to the public ball's centre) is missing. Provided value: no center");
        }
        double[] base = parse(centre);
        int d = geometry.dimension();
        PrincipalModes truth = TangentPcaEstimator.modes(gallery.estimate(), d);
        double[][] basis = geometry.capability(TangentBasis.class).orElseThrow().basis(base);
        Map<String, List<double[]>> rows = new LinkedHashMap<>();
        boolean landmarks = shapes.accepts(geometry);
        rows.put(label("non-private", truth, truth, landmarks), along(geometry, base, basis, truth, truth));
        for (Map.Entry<String, List<double[]>> entry : gallery.releases().entrySet()) {
            if (entry.getValue().isEmpty()) {
                continue;
            }
            PrincipalModes released = TangentPcaEstimator.modes(entry.getValue().get(0), d);
            rows.put(label(entry.getKey(), released, truth, landmarks), along(geometry, base, basis, released,
                    truth));
        }
        Map<String, String> options = new LinkedHashMap<>(gallery.options());
        options.remove("center");
        options.remove("radius");
        ReleaseGallery modes = new ReleaseGallery(gallery.title() + "; principal modes at the base point",
                gallery.data(), base, rows, options);
        if (landmarks) {
            shapes.write(png, geometry, modes, "Rows: mode 1 at -2 sd, +2 sd, mode 2 at -2 sd, +2 sd (first release); "
                    + "grey: the base point p (the public template).");
        } else {
            ellipsoids.write(png, geometry, modes, "base point p");
        }
    }

    /**
     * The row's label: the mechanism and the first mode's angle to the non-private one, with the first two standard
     * deviations where the picture wraps labels (shapes); the ellipsoids' label column holds one short line, so there
     * the sampler in parentheses is left out.
     */
    private static String label(String name, PrincipalModes modes, PrincipalModes truth, boolean wrapped) {
        double angle = Math.toDegrees(modes.largestPrincipalAngle(truth, 1));
        return wrapped ? String.format(Locale.ROOT, "%s: sd %.3g, %.3g; angle %.0f deg", name,
                Math.sqrt(modes.clippedVariance(0)), Math.sqrt(modes.clippedVariance(1)), angle)
                : String.format(Locale.ROOT, "%s, %.0f deg", name.replaceAll(" \\(.*\\)$", ""), angle);
    }

    /** {@code exp_p(-+ 2 sd_j u_j)} for j = 1, 2, each direction signed to agree with the non-private one. */
    static List<double[]> along(Geometry geometry, double[] base, double[][] basis, PrincipalModes modes,
            PrincipalModes truth) {
        List<double[]> points = new ArrayList<>();
        for (int j = 0; j < MODES; j++) {
            double[] u = modes.direction(j);
            double[] reference = truth.direction(j);
            double dot = 0;
            for (int c = 0; c < u.length; c++) {
                dot += u[c] * reference[c];
            }
            double length = SD * Math.sqrt(modes.clippedVariance(j)) * (dot < 0 ? -1 : 1);
            double[] tangent = new double[base.length];
            TangentBasis.combine(basis, u, tangent);
            for (double sign : new double[] {-1, 1}) {
                double[] v = new double[base.length];
                for (int c = 0; c < v.length; c++) {
                    v[c] = sign * length * tangent[c];
                }
                double[] point = new double[base.length];
                geometry.exp(base, v, point);
                points.add(point);
            }
        }
        return points;
    }

    private static double[] parse(String text) {
        String[] parts = text.split(",");
        double[] out = new double[parts.length];
        for (int i = 0; i < parts.length; i++) {
            out[i] = Double.parseDouble(parts[i].trim());
        }
        return out;
    }
}
