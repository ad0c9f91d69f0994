package dev.manifolddp.experiments.output.pictures;

import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.PointLayout;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Shape;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Line2D;
import java.awt.geom.Path2D;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Directions on S^2 as a map: an azimuthal equidistant projection centred on the data ball's centre (option
 * {@code center}, else the true mean), in which every distance and bearing from the centre is true, so the ball of
 * geodesic radius r (option {@code radius}) is a circle of radius r. Points are read as geographic directions
 * (x, y, z) = (cos lat cos long, cos lat sin long, sin lat); the degree graticule, the data points (faint), the
 * ball's circle (dashed), the true mean (black cross) and each mechanism's releases in its colour are drawn with a
 * legend. The map shows a disc of angular radius max(1.3 r, the farthest data point, the ball) up to 180 degrees; a
 * release outside it is drawn as a triangle on the rim pointing its way, and the legend counts them.
 */
public final class SphereMapPicture implements ReleasePicture {

    static final String NAME = "map";
    static final int SIZE = 760;
    private static final int MARGIN = 60;
    private static final int LEGEND = 250;
    private static final double[] GRID_STEPS = {0.5, 1, 2, 5, 10, 15, 30, 45};
    private static final int CURVE_POINTS = 721;

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
        return "directions on S^2 on an azimuthal equidistant map centred on the data ball: records, the ball, the non-private mean and the releases; options center, radius";
    }

    @Override
    public boolean accepts(Geometry geometry) {
        return geometry != null && geometry.name().equals("sphere") && geometry.layout().equals(PointLayout.vector(3));
    }

    @Override
    public void write(Path png, Geometry geometry, ReleaseGallery gallery) throws IOException {
        if (!accepts(geometry)) {
            throw new IllegalArgumentException(String.format("picture %s draws directions on the sphere S^2 "
                    + "(sphere:d=2); choose another picture for this geometry. Provided value: %s", NAME,
                    geometry == null ? "null" : geometry.spec()));
        }
        PictureCanvas.requireDrawable(NAME, gallery, 3, Set.of());
        double[] centre = unit(option(gallery.options(), "center", gallery.estimate()), "center");
        double radius = radius(gallery.options());
        Azimuthal map = new Azimuthal(centre);
        double extent = Double.isNaN(radius) ? 0 : 1.3 * radius;
        extent = Math.max(extent, map.angle(unit(gallery.estimate(), "estimate")) * 1.3);
        for (double[] point : gallery.data()) {
            extent = Math.max(extent, map.angle(unit(point, "data")) * 1.05);
        }
        extent = Math.min(Math.max(extent, Math.toRadians(1)), Math.PI);
        double scale = (SIZE / 2.0 - MARGIN) / extent;
        double cx = SIZE / 2.0;
        double cy = SIZE / 2.0 + 20;
        PictureCanvas canvas = new PictureCanvas(SIZE + LEGEND, SIZE + 40);
        canvas.text(gallery.title(), 16, 26, PictureCanvas.TITLE, Color.BLACK);
        Shape disc = new Ellipse2D.Double(cx - extent * scale, cy - extent * scale, 2 * extent * scale,
                2 * extent * scale);
        canvas.g.setColor(new Color(246, 248, 252));
        canvas.g.fill(disc);
        canvas.g.setClip(disc);
        graticule(canvas, map, extent, scale, cx, cy);
        canvas.g.setColor(new Color(90, 90, 90, 70));
        for (double[] point : gallery.data()) {
            double[] xy = map.project(unit(point, "data"));
            canvas.g.fill(new Ellipse2D.Double(cx + scale * xy[0] - 1.6, cy - scale * xy[1] - 1.6, 3.2, 3.2));
        }
        if (!Double.isNaN(radius)) {
            canvas.g.setColor(Color.BLACK);
            canvas.g.setStroke(PictureCanvas.DASHED);
            canvas.g.draw(new Ellipse2D.Double(cx - radius * scale, cy - radius * scale, 2 * radius * scale,
                    2 * radius * scale));
        }
        int[] outside = new int[gallery.releases().size()];
        int m = 0;
        for (List<double[]> releases : gallery.releases().values()) {
            for (double[] release : releases) {
                double[] point = unit(release, "release");
                double angle = map.angle(point);
                double[] xy = map.project(point);
                canvas.g.setColor(PictureCanvas.color(m));
                if (angle <= extent) {
                    canvas.g.fill(new Ellipse2D.Double(cx + scale * xy[0] - 4, cy - scale * xy[1] - 4, 8, 8));
                } else {
                    outside[m]++;
                    canvas.g.setClip(null);
                    canvas.g.fill(rimMarker(xy, angle, extent, scale, cx, cy));
                    canvas.g.setClip(disc);
                }
            }
            m++;
        }
        double[] truth = map.project(unit(gallery.estimate(), "estimate"));
        cross(canvas, cx + scale * truth[0], cy - scale * truth[1]);
        canvas.g.setClip(null);
        canvas.g.setColor(Color.GRAY);
        canvas.g.setStroke(new BasicStroke(1f));
        canvas.g.draw(disc);
        legend(canvas, gallery, geometry, centre, radius, extent, outside);
        canvas.save(png);
    }

    private static double[] option(Map<String, String> options, String key, double[] fallback) {
        String text = options.get(key);
        if (text == null) {
            return fallback;
        }
        String[] fields = text.replace("[", "").replace("]", "").strip().split("\\s*,\\s*|\\s+");
        if (fields.length != 3) {
            throw new IllegalArgumentException("picture " + NAME + ": option " + key + " must be 3 comma-separated "
                    + "numbers x,y,z. Provided value: " + text);
        }
        double[] x = new double[3];
        for (int j = 0; j < 3; j++) {
            try {
                x[j] = Double.parseDouble(fields[j]);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("picture " + NAME + ": option " + key + " entry " + (j + 1)
                        + " is not a number. Provided value: " + text, e);
            }
        }
        return x;
    }

    /** The ball's geodesic radius (option radius) for a unit sphere, or NaN when none is given. */
    private static double radius(Map<String, String> options) {
        String text = options.get("radius");
        if (text == null) {
            return Double.NaN;
        }
        try {
            double r = Double.parseDouble(text.strip());
            if (r > 0 && r <= Math.PI) {
                return r;
            }
        } catch (NumberFormatException e) {
            // reported below with the expected range
        }
        throw new IllegalArgumentException("picture " + NAME + ": option radius must be a geodesic radius in (0, pi]"
                + " radians. Provided value: " + text);
    }

    /** {@code x / |x|}: a point of a sphere of any radius as a direction. */
    private static double[] unit(double[] x, String what) {
        double norm = Math.sqrt(x[0] * x[0] + x[1] * x[1] + x[2] * x[2]);
        if (!(norm > 0) || !Double.isFinite(norm)) {
            throw new IllegalArgumentException("picture " + NAME + ": the " + what + " is not a direction (length "
                    + norm + "). Provided value: " + java.util.Arrays.toString(x));
        }
        return new double[] {x[0] / norm, x[1] / norm, x[2] / norm};
    }

    /** Parallels and meridians every {@code step} degrees inside the disc, with their labels. */
    private static void graticule(PictureCanvas canvas, Azimuthal map, double extent, double scale, double cx,
            double cy) {
        double step = GRID_STEPS[GRID_STEPS.length - 1];
        for (double candidate : GRID_STEPS) {
            if (Math.toDegrees(extent) / candidate <= 5) {
                step = candidate;
                break;
            }
        }
        canvas.g.setStroke(new BasicStroke(0.8f));
        for (double lat = -90 + step; lat < 90; lat += step) {
            drawCurve(canvas, map, extent, scale, cx, cy, lat, true);
        }
        for (double lon = -180; lon < 180; lon += step) {
            drawCurve(canvas, map, extent, scale, cx, cy, lon, false);
        }
    }

    /** One parallel (fixed latitude) or meridian (fixed longitude), with its label where it first enters the map. */
    private static void drawCurve(PictureCanvas canvas, Azimuthal map, double extent, double scale, double cx,
            double cy, double fixed, boolean parallel) {
        Path2D.Double path = new Path2D.Double();
        boolean pen = false;
        double[] label = null;
        for (int k = 0; k < CURVE_POINTS; k++) {
            double free = parallel ? -180 + 360.0 * k / (CURVE_POINTS - 1) : -90 + 180.0 * k / (CURVE_POINTS - 1);
            double[] point = direction(parallel ? fixed : free, parallel ? free : fixed);
            if (map.angle(point) > extent * 0.999) {
                pen = false;
                continue;
            }
            double[] xy = map.project(point);
            double px = cx + scale * xy[0];
            double py = cy - scale * xy[1];
            if (pen) {
                path.lineTo(px, py);
            } else {
                path.moveTo(px, py);
                pen = true;
                if (label == null) {
                    label = new double[] {px, py};
                }
            }
        }
        canvas.g.setColor(new Color(200, 205, 215));
        canvas.g.draw(path);
        if (label != null) {
            canvas.text(degrees(fixed, parallel), label[0] + 2, label[1] - 2, PictureCanvas.SMALL,
                    new Color(120, 125, 140));
        }
    }

    /** E.g. {@code 20S} for a latitude, {@code 175E} or {@code 178W} (also for 182) for a longitude. */
    static String degrees(double value, boolean latitude) {
        double v = latitude ? value : ((value + 540) % 360) - 180;
        String number = v == Math.rint(v) ? String.format(Locale.ROOT, "%.0f", Math.abs(v))
                : String.format(Locale.ROOT, "%.1f", Math.abs(v));
        if (v == 0 || Math.abs(v) == 180) {
            return number;
        }
        return number + (latitude ? (v > 0 ? "N" : "S") : (v > 0 ? "E" : "W"));
    }

    /** The unit vector of a latitude and longitude in degrees. */
    static double[] direction(double latitude, double longitude) {
        double lat = Math.toRadians(latitude);
        double lon = Math.toRadians(longitude);
        return new double[] {Math.cos(lat) * Math.cos(lon), Math.cos(lat) * Math.sin(lon), Math.sin(lat)};
    }

    private static Shape rimMarker(double[] xy, double angle, double extent, double scale, double cx, double cy) {
        double norm = Math.hypot(xy[0], xy[1]);
        double ux = norm == 0 ? 0 : xy[0] / norm;
        double uy = norm == 0 ? 1 : xy[1] / norm;
        double tipX = cx + (extent * scale + 12) * ux;
        double tipY = cy - (extent * scale + 12) * uy;
        double baseX = cx + (extent * scale + 2) * ux;
        double baseY = cy - (extent * scale + 2) * uy;
        Path2D.Double triangle = new Path2D.Double();
        triangle.moveTo(tipX, tipY);
        triangle.lineTo(baseX - 5 * uy, baseY - 5 * ux);
        triangle.lineTo(baseX + 5 * uy, baseY + 5 * ux);
        triangle.closePath();
        return triangle;
    }

    private static void cross(PictureCanvas canvas, double x, double y) {
        canvas.g.setColor(Color.WHITE);
        canvas.g.setStroke(new BasicStroke(5f));
        canvas.g.draw(new Line2D.Double(x - 9, y - 9, x + 9, y + 9));
        canvas.g.draw(new Line2D.Double(x - 9, y + 9, x + 9, y - 9));
        canvas.g.setColor(Color.BLACK);
        canvas.g.setStroke(new BasicStroke(2.5f));
        canvas.g.draw(new Line2D.Double(x - 8, y - 8, x + 8, y + 8));
        canvas.g.draw(new Line2D.Double(x - 8, y + 8, x + 8, y - 8));
    }

    private static void legend(PictureCanvas canvas, ReleaseGallery gallery, Geometry geometry, double[] centre,
            double radius, double extent, int[] outside) {
        double x = SIZE + 6;
        double y = 80;
        canvas.text("true mean", x + 26, y + 4, PictureCanvas.TEXT, Color.BLACK);
        cross(canvas, x + 10, y);
        y += 26;
        canvas.g.setColor(new Color(90, 90, 90, 140));
        canvas.g.fill(new Ellipse2D.Double(x + 8, y - 2, 4, 4));
        canvas.text("data (" + gallery.data().length + " points)", x + 26, y + 4, PictureCanvas.TEXT, Color.DARK_GRAY);
        if (!Double.isNaN(radius)) {
            y += 26;
            canvas.g.setColor(Color.BLACK);
            canvas.g.setStroke(PictureCanvas.DASHED);
            canvas.g.draw(new Line2D.Double(x, y, x + 20, y));
            canvas.text(String.format(Locale.ROOT, "ball, radius %.3g deg", Math.toDegrees(radius)), x + 26, y + 4,
                    PictureCanvas.TEXT, Color.BLACK);
        }
        int m = 0;
        for (Map.Entry<String, List<double[]>> entry : gallery.releases().entrySet()) {
            y += 26;
            canvas.g.setColor(PictureCanvas.color(m));
            canvas.g.fill(new Ellipse2D.Double(x + 6, y - 4, 8, 8));
            canvas.text(entry.getKey() + " (" + entry.getValue().size() + ")", x + 26, y + 4, PictureCanvas.TEXT,
                    PictureCanvas.color(m));
            if (outside[m] > 0) {
                canvas.text(outside[m] + " off the map (rim triangles)", x + 26, y + 18, PictureCanvas.SMALL,
                        PictureCanvas.color(m));
                y += 12;
            }
            m++;
        }
        y += 40;
        double lat = Math.toDegrees(Math.asin(Math.max(-1, Math.min(1, centre[2]))));
        double lon = Math.toDegrees(Math.atan2(centre[1], centre[0]));
        String[] notes = {"azimuthal equidistant projection", String.format(Locale.ROOT, "centred at %s, %s",
                degrees(lat, true), degrees(lon, false)), "distances from the centre are true",
                String.format(Locale.ROOT, "map radius %.3g deg", Math.toDegrees(extent)), geometry.spec()};
        for (String note : notes) {
            canvas.text(note, x, y, PictureCanvas.SMALL, Color.DARK_GRAY);
            y += 15;
        }
    }

    /**
     * The azimuthal equidistant projection centred at a unit vector c: a direction p at angle theta = acos(c.p) and
     * bearing beta from north maps to theta (sin beta, cos beta).
     */
    static final class Azimuthal {

        private final double[] centre;
        private final double[] east;
        private final double[] north;

        Azimuthal(double[] centre) {
            this.centre = centre.clone();
            // east = z x c, undefined at a pole, where the x axis direction stands in for it
            double[] east = {-centre[1], centre[0], 0};
            double norm = Math.hypot(east[0], east[1]);
            this.east = norm < 1e-12 ? new double[] {0, 1, 0} : new double[] {east[0] / norm, east[1] / norm, 0};
            this.north = new double[] {centre[1] * this.east[2] - centre[2] * this.east[1],
                    centre[2] * this.east[0] - centre[0] * this.east[2],
                    centre[0] * this.east[1] - centre[1] * this.east[0]};
        }

        /** The angle acos(c.p) in [0, pi], from atan2 for accuracy near 0 and pi. */
        double angle(double[] p) {
            double cos = centre[0] * p[0] + centre[1] * p[1] + centre[2] * p[2];
            double sin = Math.sqrt(sq(centre[1] * p[2] - centre[2] * p[1]) + sq(centre[2] * p[0] - centre[0] * p[2])
                    + sq(centre[0] * p[1] - centre[1] * p[0]));
            return Math.atan2(sin, cos);
        }

        /** (east, north) map coordinates in radians. */
        double[] project(double[] p) {
            double e = east[0] * p[0] + east[1] * p[1] + east[2] * p[2];
            double n = north[0] * p[0] + north[1] * p[1] + north[2] * p[2];
            double length = Math.hypot(e, n);
            double theta = angle(p);
            return length == 0 ? new double[] {0, 0} : new double[] {theta * e / length, theta * n / length};
        }

        private static double sq(double x) {
            return x * x;
        }
    }
}
