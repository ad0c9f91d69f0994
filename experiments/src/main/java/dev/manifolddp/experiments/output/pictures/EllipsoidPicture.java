package dev.manifolddp.experiments.output.pictures;

import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.PointLayout;
import dev.manifolddp.geometry.SymmetricEigensolver;
import dev.manifolddp.geometry.SymmetricEigensolvers;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.geom.Line2D;
import java.awt.geom.Path2D;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Diffusion tensors (SPD(3), either metric) as ellipsoid glyphs: a row of data tensors, the true mean, and one row
 * of releases per mechanism, each release drawn over the true mean's dashed outline and labelled with its geodesic
 * distance to it.
 *
 * <p>A tensor D = sum_i lambda_i e_i e_i^T is the ellipsoid {@code {D^(1/2) u : |u| = 1}} (semi-axes sqrt(lambda_i)
 * along e_i: the surface a diffusing particle reaches with equal probability; option {@code semi-axes: eigenvalues}
 * draws semi-axes lambda_i instead, which exaggerates anisotropy). It is seen in one orthographic view (azimuth
 * {@value #AZIMUTH_DEGREES}, elevation {@value #ELEVATION_DEGREES} degrees): the projection of the ellipsoid
 * {@code {M u}} is the ellipse with shape matrix P M M^T P^T, its exact outline, with the three principal sections as a
 * wire frame and the principal axis as a line. The fill is the directionally encoded colour of Pajevic and Pierpaoli
 * 1999: |e_1| as (red, green, blue) = (x, y, z), mixed with white by 1 - FA, so an isotropic tensor is white. All
 * glyphs share one scale, set by the true mean and the data row; a release too large for its cell is drawn smaller
 * and its cell says by how much.
 */
public final class EllipsoidPicture implements ReleasePicture {

    static final String NAME = "ellipsoids";
    static final String SEMI_AXES = "semi-axes";
    static final double AZIMUTH_DEGREES = 35;
    static final double ELEVATION_DEGREES = 25;
    static final int COLUMNS = 8;
    static final int CELL = 112;
    private static final int LABEL_WIDTH = 190;
    private static final int TOP = 64;
    private static final int FOOTER = 96;
    private static final int OUTLINE_POINTS = 97;
    /** The largest semi-axis of the reference tensors, as a fraction of a cell. */
    private static final double FILL = 0.40;
    /** A glyph reaching beyond this fraction of a cell is drawn smaller. */
    private static final double LIMIT = 0.47;

    /** The screen's right and up directions in tensor coordinates (x, y, z). */
    private static final double[][] VIEW = view(Math.toRadians(AZIMUTH_DEGREES), Math.toRadians(ELEVATION_DEGREES));

    @Override
    public boolean takesBall() {
        return true;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "SPD(3) tensors as ellipsoid glyphs: data, the non-private mean and a row of releases per mechanism, each labelled with its distance to the mean; option semi-axes";
    }

    @Override
    public boolean accepts(Geometry geometry) {
        return geometry != null && geometry.name().startsWith("spd")
                && geometry.layout().equals(PointLayout.symmetricMatrix(3))
                && geometry.capability(SymmetricEigensolvers.class).isPresent();
    }

    @Override
    public void write(Path png, Geometry geometry, ReleaseGallery gallery) throws IOException {
        write(png, geometry, gallery, "true mean");
    }

    /** The picture with the estimate's row, its dashed outline and the distances named {@code estimateName}. */
    void write(Path png, Geometry geometry, ReleaseGallery gallery, String estimateName) throws IOException {
        if (!accepts(geometry)) {
            throw new IllegalArgumentException(String.format("picture %s draws 3 x 3 diffusion tensors "
                    + "(spd/affine-invariant:k=3 or spd/log-euclidean:k=3); choose another picture for this geometry."
                    + " Provided value: %s", NAME, geometry == null ? "null" : geometry.spec()));
        }
        PictureCanvas.requireDrawable(NAME, gallery, 9, Set.of(SEMI_AXES));
        boolean squareRoot = semiAxesAreSquareRoots(gallery.options());
        List<Row> rows = rows(gallery, estimateName);
        SymmetricEigensolvers solvers = geometry.capability(SymmetricEigensolvers.class).orElseThrow();
        Glyph truth = Glyph.of(solvers, gallery.estimate(), squareRoot);
        if (!truth.positive) {
            throw new IllegalArgumentException("picture " + NAME + ": the estimate is not positive definite. "
                    + "Provided value: " + geometry.layout().format(gallery.estimate()));
        }
        double reference = truth.largest();
        for (double[] tensor : rows.get(0).tensors) {
            Glyph glyph = Glyph.of(solvers, tensor, squareRoot);
            reference = Math.max(reference, glyph.positive ? glyph.largest() : 0);
        }
        double scale = FILL * CELL / reference;
        int columns = rows.stream().mapToInt(r -> r.tensors.size()).max().orElse(1);
        PictureCanvas canvas = new PictureCanvas(LABEL_WIDTH + Math.max(columns, 4) * CELL + 20,
                TOP + rows.size() * CELL + FOOTER);
        canvas.text(gallery.title(), 16, 26, PictureCanvas.TITLE, Color.BLACK);
        canvas.text(String.format(Locale.ROOT, "ellipsoids {%s u : |u| = 1}, one scale for all; dashed: the %s;"
                + " d: geodesic distance (%s) to the %s", squareRoot ? "D^(1/2)" : "D", estimateName, geometry.spec(),
                estimateName), 16,
                46, PictureCanvas.TEXT, Color.DARK_GRAY);
        for (int r = 0; r < rows.size(); r++) {
            Row row = rows.get(r);
            double top = TOP + r * CELL;
            canvas.text(row.label, 16, top + CELL / 2.0, PictureCanvas.TEXT, row.color);
            if (r > 0) {
                canvas.g.setColor(new Color(225, 225, 225));
                canvas.g.draw(new Line2D.Double(12, top, canvas.image.getWidth() - 12, top));
            }
            for (int c = 0; c < row.tensors.size(); c++) {
                double cx = LABEL_WIDTH + (c + 0.5) * CELL;
                double cy = top + CELL / 2.0;
                drawCell(canvas, geometry, solvers, row, row.tensors.get(c), truth, squareRoot, scale, cx, cy,
                        gallery);
            }
        }
        footer(canvas, TOP + rows.size() * CELL + 18);
        canvas.save(png);
    }

    private static boolean semiAxesAreSquareRoots(Map<String, String> options) {
        String value = options.getOrDefault(SEMI_AXES, "sqrt");
        return switch (value) {
            case "sqrt" -> true;
            case "eigenvalues" -> false;
            default -> throw new IllegalArgumentException("picture " + NAME + ": option semi-axes is sqrt (the "
                    + "square roots of the eigenvalues, the default) or eigenvalues. Provided value: " + value);
        };
    }

    /** The rows drawn: data (when given), the true mean, then each mechanism, at most {@link #COLUMNS} each. */
    private static List<Row> rows(ReleaseGallery gallery, String estimateName) {
        List<Row> rows = new ArrayList<>();
        List<double[]> data = new ArrayList<>();
        for (int i = 0; i < Math.min(COLUMNS, gallery.data().length); i++) {
            data.add(gallery.data()[i]);
        }
        rows.add(new Row("data (first " + data.size() + ")", Color.DARK_GRAY, data, false));
        rows.add(new Row(estimateName, Color.BLACK, List.of(gallery.estimate()), false));
        int m = 0;
        for (Map.Entry<String, List<double[]>> entry : gallery.releases().entrySet()) {
            List<double[]> shown = entry.getValue().subList(0, Math.min(COLUMNS, entry.getValue().size()));
            rows.add(new Row(entry.getKey(), PictureCanvas.color(m++), shown, true));
        }
        return rows;
    }

    private static void drawCell(PictureCanvas canvas, Geometry geometry, SymmetricEigensolvers solvers, Row row,
            double[] tensor, Glyph truth, boolean squareRoot, double scale, double cx, double cy,
            ReleaseGallery gallery) {
        Glyph glyph = Glyph.of(solvers, tensor, squareRoot);
        if (!glyph.positive) {
            canvas.text("not positive", cx - 34, cy - 4, PictureCanvas.SMALL, Color.RED);
            canvas.text("definite", cx - 22, cy + 10, PictureCanvas.SMALL, Color.RED);
            return;
        }
        double shrink = Math.max(1, glyph.largest() * scale / (LIMIT * CELL));
        double s = scale / shrink;
        glyph.draw(canvas, cx, cy, s);
        if (row.release) {
            canvas.g.setColor(Color.BLACK);
            canvas.g.setStroke(PictureCanvas.DASHED);
            canvas.g.draw(truth.outline(cx, cy, s));
            double distance = geometry.distance(tensor, gallery.estimate());
            canvas.text(String.format(Locale.ROOT, "d = %.3g", distance), cx - CELL / 2.0 + 6, cy + CELL / 2.0 - 4,
                    PictureCanvas.SMALL, row.color);
        }
        if (shrink > 1) {
            canvas.text(String.format(Locale.ROOT, "x1/%.3g", shrink), cx - CELL / 2.0 + 6, cy - CELL / 2.0 + 12,
                    PictureCanvas.SMALL, Color.RED);
        }
    }

    /** The key: the view's axes as a small triad, the colour code and the semi-axis rule. */
    private static void footer(PictureCanvas canvas, double y) {
        double cx = 46;
        double cy = y + 34;
        String[] names = {"x", "y", "z"};
        Color[] colors = {new Color(200, 0, 0), new Color(0, 150, 0), new Color(0, 0, 220)};
        canvas.g.setStroke(new BasicStroke(2f));
        for (int a = 0; a < 3; a++) {
            double[] axis = new double[3];
            axis[a] = 1;
            double px = cx + 26 * dot(VIEW[0], axis);
            double py = cy - 26 * dot(VIEW[1], axis);
            canvas.g.setColor(colors[a]);
            canvas.g.draw(new Line2D.Double(cx, cy, px, py));
            canvas.text(names[a], px + (px >= cx ? 3 : -9), py + (py > cy ? 10 : -2), PictureCanvas.TEXT, colors[a]);
        }
        canvas.text(String.format(Locale.ROOT, "orthographic view, azimuth %.0f, elevation %.0f degrees; lines: the "
                + "three principal sections and the principal axis", AZIMUTH_DEGREES, ELEVATION_DEGREES), 100, y + 18,
                PictureCanvas.TEXT, Color.DARK_GRAY);
        canvas.text("fill: principal direction |e1| as (red, green, blue) = (x, y, z), mixed with white by 1 - FA "
                + "(isotropic = white)", 100, y + 36, PictureCanvas.TEXT, Color.DARK_GRAY);
        canvas.text("x1/F in a cell: that glyph is drawn F times smaller than the common scale", 100, y + 54,
                PictureCanvas.TEXT, Color.DARK_GRAY);
    }

    private static double[][] view(double azimuth, double elevation) {
        return new double[][] {{-Math.sin(azimuth), Math.cos(azimuth), 0}, {-Math.sin(elevation)
                * Math.cos(azimuth), -Math.sin(elevation) * Math.sin(azimuth), Math.cos(elevation)}};
    }

    private static double dot(double[] a, double[] b) {
        return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
    }

    /** One picture row: its label, colour, tensors and whether they are releases. */
    private record Row(String label, Color color, List<double[]> tensors, boolean release) {
    }

    /**
     * One tensor's ellipsoid: semi-axes along the eigenvectors, the fill colour, and its outline in the view.
     *
     * @param positive whether every eigenvalue is positive (else nothing is drawn)
     * @param plane    the 2 x 2 solver of the projected outline
     */
    record Glyph(double[] semiAxes, double[][] axes, Color fill, boolean positive, SymmetricEigensolver plane) {

        /**
         * The glyph of {@code tensor}, decomposed by the geometry's Jacobi solver: it finds the tiny and widely
         * spread eigenvalues of diffusion tensors to high relative accuracy, and so decides "not positive definite"
         * the way the committed pictures did.
         */
        static Glyph of(SymmetricEigensolvers solvers, double[] tensor, boolean squareRoot) {
            TensorAxes eigen = TensorAxes.of(solvers.jacobiEigensolver(3), tensor);
            boolean positive = eigen.values()[2] > 0;
            double[] semi = new double[3];
            for (int i = 0; i < 3; i++) {
                double value = Math.max(eigen.values()[i], 0);
                semi[i] = squareRoot ? Math.sqrt(value) : value;
            }
            double fa = positive ? eigen.fractionalAnisotropy() : 0;
            double[] e1 = eigen.vectors()[0];
            Color fill = new Color(channel(fa, e1[0]), channel(fa, e1[1]), channel(fa, e1[2]));
            return new Glyph(semi, eigen.vectors(), fill, positive, solvers.eigensolver(2));
        }

        private static float channel(double fa, double component) {
            return (float) (1 - fa * (1 - Math.abs(component)));
        }

        double largest() {
            return semiAxes[0];
        }

        /**
         * The exact outline of the projected ellipsoid: with A = sum_i s_i^2 e_i e_i^T, the ellipse {S^(1/2) w}
         * of the 2 x 2 shape matrix S = P A P^T.
         */
        Path2D outline(double cx, double cy, double scale) {
            double a = 0;
            double b = 0;
            double c = 0;
            for (int i = 0; i < 3; i++) {
                double x = dot(VIEW[0], axes[i]);
                double y = dot(VIEW[1], axes[i]);
                double w = semiAxes[i] * semiAxes[i];
                a += w * x * x;
                b += w * x * y;
                c += w * y * y;
            }
            PlaneEllipse ellipse = PlaneEllipse.of(plane, a, b, c);
            Path2D.Double path = new Path2D.Double();
            for (int k = 0; k < OUTLINE_POINTS; k++) {
                double t = 2 * Math.PI * k / (OUTLINE_POINTS - 1);
                lineOrMove(path, k, cx + scale * ellipse.x(t), cy - scale * ellipse.y(t));
            }
            path.closePath();
            return path;
        }

        void draw(PictureCanvas canvas, double cx, double cy, double scale) {
            Path2D outline = outline(cx, cy, scale);
            canvas.g.setColor(fill);
            canvas.g.fill(outline);
            canvas.g.setStroke(new BasicStroke(0.7f));
            canvas.g.setColor(new Color(0, 0, 0, 90));
            for (int p = 0; p < 3; p++) {
                int q = (p + 1) % 3;
                Path2D.Double section = new Path2D.Double();
                for (int k = 0; k < OUTLINE_POINTS; k++) {
                    double t = 2 * Math.PI * k / (OUTLINE_POINTS - 1);
                    double[] point = new double[3];
                    for (int j = 0; j < 3; j++) {
                        point[j] = semiAxes[p] * Math.cos(t) * axes[p][j] + semiAxes[q] * Math.sin(t) * axes[q][j];
                    }
                    lineOrMove(section, k, cx + scale * dot(VIEW[0], point), cy - scale * dot(VIEW[1], point));
                }
                canvas.g.draw(section);
            }
            double[] tip = {semiAxes[0] * axes[0][0], semiAxes[0] * axes[0][1], semiAxes[0] * axes[0][2]};
            canvas.g.setColor(new Color(0, 0, 0, 150));
            canvas.g.draw(new Line2D.Double(cx - scale * dot(VIEW[0], tip), cy + scale * dot(VIEW[1], tip),
                    cx + scale * dot(VIEW[0], tip), cy - scale * dot(VIEW[1], tip)));
            canvas.g.setStroke(new BasicStroke(1.2f));
            canvas.g.setColor(Color.DARK_GRAY);
            canvas.g.draw(outline);
        }

        private static void lineOrMove(Path2D.Double path, int k, double x, double y) {
            if (k == 0) {
                path.moveTo(x, y);
            } else {
                path.lineTo(x, y);
            }
        }
    }
}
