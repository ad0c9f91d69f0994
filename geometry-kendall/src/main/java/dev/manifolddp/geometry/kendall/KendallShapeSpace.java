package dev.manifolddp.geometry.kendall;

import dev.manifolddp.geometry.AmbientEmbedding;
import dev.manifolddp.geometry.AmbientMetric;
import dev.manifolddp.geometry.HomogeneousSpace;
import dev.manifolddp.geometry.JacobiFields;
import dev.manifolddp.geometry.LandmarkChecks;
import dev.manifolddp.geometry.CurvatureBounds;
import dev.manifolddp.geometry.FrechetGradientBound;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.GeometryChecks;
import dev.manifolddp.geometry.LandmarkShapes;
import dev.manifolddp.geometry.ParallelTransport;
import dev.manifolddp.geometry.PointLayout;
import dev.manifolddp.geometry.RadialLowerBound;
import dev.manifolddp.geometry.RadialVolume;
import dev.manifolddp.geometry.ScaledNorm;
import dev.manifolddp.geometry.SquaredDistanceHessian;
import dev.manifolddp.geometry.TangentBasis;
import java.util.Locale;
import java.util.Optional;

/**
 * Kendall's shape space of k planar landmarks, {@code CP^(k-2)} with the Fubini-Study metric of holomorphic
 * curvature 4 (Kendall 1984; Kendall et al. 1999; Soto et al. 2022, §4.3; Kulkarni and Soto 2025, §4.2).
 *
 * <p>Landmark j of an array {@code x1, y1, ..., xk, yk} is the complex number {@code z_j = x_j + i y_j}. A point
 * is a pre-shape: centred ({@code sum_j z_j = 0}) and of unit Frobenius norm; it represents its shape, the orbit
 * {@code {e^(i phi) z}} under rotations. Tangent vectors at z are horizontal: {@code sum_j v_j = 0} and
 * {@code z* v = 0} (real and imaginary parts), where {@code z* w = sum_j conj(z_j) w_j}. The metric is
 * {@code Re(u* v)}, the ambient dot product. Results are horizontal vectors at the representatives given, and
 * {@code exp} returns a pre-shape that is not re-aligned to anything.
 *
 * <p>Intrinsic dimension 2k - 4; sectional curvature in [1, 4] for k >= 4 and constant 4 for k = 3 (a sphere of
 * radius 1/2); injectivity radius pi/2. Specification {@code kendall:landmarks=k}. Capabilities:
 * {@link ParallelTransport}, {@link TangentBasis}, {@link AmbientEmbedding} (the pre-shape itself),
 * {@link LandmarkShapes}, {@link RadialVolume} and {@link FrechetGradientBound}. Immutable and thread-safe; the {@code out} forms allocate nothing.
 */
public final class KendallShapeSpace
        implements Geometry, ParallelTransport, TangentBasis, AmbientEmbedding, LandmarkShapes, RadialVolume,
        AmbientMetric, HomogeneousSpace, JacobiFields, SquaredDistanceHessian, FrechetGradientBound {

    /** The longest tangent vector exp accepts (see {@link #refuseLongVector}). */
    static final double MAX_EXP_LENGTH = 0x1p20;

    /** The provider name. */
    public static final String NAME = "kendall";

    /**
     * {@code log} and {@code align} refuse pairs with {@code |z* w|} at or below this fraction of {@code |z| |w|}:
     * there {@code arg(z* w)}, hence the optimal rotation, is rounding noise (at {@code z* w = 0}, the cut locus,
     * every rotation is equally good). For pre-shapes this is a distance within 1e-14 of pi/2.
     */
    public static final double CUT_LOCUS_OVERLAP = 1e-14;

    /**
     * The largest k: a point then has {@link PointLayout#MAX_LENGTH} numbers, the longest array whose membership
     * test stays accurate to {@link Geometry#DEFAULT_TOLERANCE}.
     */
    public static final int MAX_LANDMARKS = PointLayout.MAX_LENGTH / 2;

    private final int landmarks;
    private final PointLayout layout;
    private final CurvatureBounds curvature;
    /** Per-thread scratch of d doubles for {@link #addLogAndHessian}, so that its hot path allocates nothing. */
    private final ThreadLocal<double[]> acrossScratch;

    /**
     * The shape space of {@code landmarks} planar landmarks.
     *
     * @throws IllegalArgumentException when {@code landmarks < 3} (fewer than three landmarks have a single shape)
     */
    public KendallShapeSpace(int landmarks) {
        if (landmarks < 3 || landmarks > MAX_LANDMARKS) {
            throw new IllegalArgumentException(String.format(
                    "Kendall's shape space needs 3 <= landmarks <= %d (1 or 2 landmarks have a single shape). "
                            + "Provided value: %d", MAX_LANDMARKS, landmarks));
        }
        this.landmarks = landmarks;
        this.layout = PointLayout.landmarks(landmarks);
        this.curvature = landmarks == 3 ? CurvatureBounds.constant(4.0) : new CurvatureBounds(1.0, 4.0);
        this.acrossScratch = ThreadLocal.withInitial(() -> new double[dimension()]);
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String spec() {
        return NAME + ":landmarks=" + landmarks;
    }

    @Override
    public PointLayout layout() {
        return layout;
    }

    /** {@code 2k - 4}, the real dimension of {@code CP^(k-2)}. */
    @Override
    public int dimension() {
        return 2 * landmarks - 4;
    }

    /**
     * [1, 4] for k >= 4; constant 4 for k = 3 (holomorphic curvature 4: Soto et al. 2022, §4.3; Kendall et al. 1999).
     */
    @Override
    public CurvatureBounds curvature() {
        return curvature;
    }

    /** pi/2: every shape is within pi/2 of every other, and the cut locus of z is {@code {w : z* w = 0}}. */
    @Override
    public double injectivityRadius() {
        return Math.PI / 2;
    }

    /**
     * {@code exp(z, v) = cos|v| z + (sin|v| / |v|) v} for a horizontal v (Soto et al. 2022, §4.3): the horizontal great
     * circle of the pre-shape sphere, which projects to the geodesic of shape space. {@code sin|v| / |v|} uses its
     * series for tiny |v|. Defined for every v of norm up to 2^20 (it wraps past the cut locus for |v| >= pi/2;
     * longer vectors are refused by their norm, see {@link #refuseLongVector}). The result is a pre-shape, not
     * re-aligned. Writes {@code out}, which may alias {@code p} or {@code v}.
     */
    @Override
    public void exp(double[] p, double[] v, double[] out) {
        GeometryChecks.requireLength(this, "p", p);
        GeometryChecks.requireLength(this, "v", v);
        GeometryChecks.requireLength(this, "out", out);
        double length = ComplexLandmarks.norm(v);
        if (!(length <= MAX_EXP_LENGTH)) {
            refuseLongVector(v);
        }
        double c = Math.cos(length);
        double s = SmallAngle.sinc(length);
        double sum = 0;
        for (int i = 0; i < out.length; i++) {
            out[i] = c * p[i] + s * v[i];
            sum += out[i];
        }
        requireFinite(sum, "exp(p, v)");
    }

    /**
     * {@code log(z, w) = theta / sin(theta) (w~ - cos(theta) z)} (Soto et al. 2022, §4.3, whose printed form
     * {@code theta |y - Proj_x(y)|} lacks the normalisation of the vector), where {@code w~ = e^(-i arg(z* w)) w}
     * is the representative of w's shape closest to z and {@code theta = rho(z, w)}. Evaluated without the
     * small-angle cancellation of that form: the horizontal part of {@code w~ - z}, normalised, times theta (the
     * horizontal part of {@code w~ - z} is {@code w~ - cos(theta) z}, so both are the same vector). The result is
     * horizontal at z.
     *
     * <p>Domain: {@code rho(z, w) < pi/2}. Throws {@link IllegalArgumentException} when
     * {@code |z* w| <= CUT_LOCUS_OVERLAP} (w's shape on the cut locus of z: no unique closest rotation). Writes
     * {@code out}, which may alias {@code q} but not {@code p}.
     */
    @Override
    public void log(double[] p, double[] q, double[] out) {
        GeometryChecks.requireLength(this, "p", p);
        GeometryChecks.requireLength(this, "q", q);
        GeometryChecks.requireLength(this, "out", out);
        double re = ComplexLandmarks.dot(p, q);
        double im = ComplexLandmarks.imaginaryProduct(p, q);
        double overlap = Math.hypot(re, im);
        requireFinite(overlap, "log(p, q)");
        if (!(overlap > CUT_LOCUS_OVERLAP)) {
            throw new IllegalArgumentException(String.format(
                    "log(p, q) is undefined: |p* q| = %.3g, so the shape of q lies on the cut locus of p "
                            + "(distance pi/2), where every rotation of q is equally close to p and no unique "
                            + "minimising geodesic joins them", overlap));
        }
        ComplexLandmarks.rotate(q, re / overlap, -im / overlap, out);
        double theta = chordAngle(p, out);
        for (int i = 0; i < out.length; i++) {
            out[i] -= p[i];
        }
        projectToTangent(p, out, out);
        double length = ComplexLandmarks.norm(out);
        double scale = length > 0 ? theta / length : 0.0;
        for (int i = 0; i < out.length; i++) {
            out[i] *= scale;
        }
    }

    /**
     * {@code rho(z, w) = acos|z* w|}, in [0, pi/2] (Soto et al. 2022, §4.3), evaluated as the angle between z and the
     * aligned representative {@code w~ = e^(-i arg(z* w)) w}: {@code 2 atan2(|z - w~|, |z + w~|)}, which keeps full
     * relative accuracy for nearby shapes (acos loses half the digits there) and near pi/2. Defined for every pair,
     * including the cut locus (where it is pi/2).
     */
    @Override
    public double distance(double[] p, double[] q) {
        GeometryChecks.requireLength(this, "p", p);
        GeometryChecks.requireLength(this, "q", q);
        double re = ComplexLandmarks.dot(p, q);
        double im = ComplexLandmarks.imaginaryProduct(p, q);
        double overlap = Math.hypot(re, im);
        // At z* w = 0 every rotation is optimal; the identity gives the same distance pi/2.
        double c = overlap > 0 ? re / overlap : 1.0;
        double s = overlap > 0 ? -im / overlap : 0.0;
        double minus = 0;
        double plus = 0;
        for (int i = 0; i < p.length; i += 2) {
            double x = c * q[i] - s * q[i + 1];
            double y = s * q[i] + c * q[i + 1];
            double dx = x - p[i];
            double dy = y - p[i + 1];
            double sx = x + p[i];
            double sy = y + p[i + 1];
            minus += dx * dx + dy * dy;
            plus += sx * sx + sy * sy;
        }
        double distance = 2 * Math.atan2(Math.sqrt(minus), Math.sqrt(plus));
        requireFinite(distance, "distance(p, q)");
        return distance;
    }

    /**
     * The Hessian of {@code f_w = rho(., w)^2 / 2} at z ({@link SquaredDistanceHessian}). Along the geodesic with unit
     * velocity u the Jacobi operator of {@code CP^(k-2)} (holomorphic curvature 4) has eigenvalue 4 on {@code i u}
     * and 1 on the rest of {@code u}'s orthogonal complement (the frame of {@link #dvExp}), so
     * {@code Hess f_w(z) = u u^T + (2 rho cot 2 rho) (i u)(i u)^T + (rho cot rho) (I - u u^T - (i u)(i u)^T)}; in
     * basis coordinates {@code c1 I + (1 - c1) u_b u_b^T + (c2 - c1) j_b j_b^T} with {@code c1 = rho cot rho},
     * {@code c2 = 2 rho cot 2 rho} and {@code j_b = <e_b, i u>}. For k = 3 the basis spans only u and i u and this is
     * {@code u u^T + c2 (i u)(i u)^T}, the sphere of curvature 4. Not positive definite once {@code rho >= pi/4}.
     * Allocates nothing.
     */
    @Override
    public double addLogAndHessian(double[] p, double[] q, double[][] basis, double[] logOut,
            double[] coordinatesOut, double[] hessian) {
        SquaredDistanceHessian.requireArguments(this, p, q, basis, logOut, coordinatesOut, hessian);
        log(p, q, logOut);
        int d = dimension();
        double rho = ComplexLandmarks.norm(logOut);
        if (rho == 0) {
            java.util.Arrays.fill(coordinatesOut, 0.0);
            SquaredDistanceHessian.addIdentity(hessian, d);
            return 0.0;
        }
        double c1 = SmallAngle.xCotX(rho);
        double c2 = SmallAngle.xCotX(2 * rho);
        double squaredInverse = 1 / (rho * rho);
        double[] across = acrossScratch.get(); // <e_b, i log>, with i (x, y) = (-y, x) per landmark
        for (int b = 0; b < d; b++) {
            double[] e = basis[b];
            double along = 0;
            double turned = 0;
            for (int i = 0; i < e.length; i += 2) {
                along += e[i] * logOut[i] + e[i + 1] * logOut[i + 1];
                turned += e[i + 1] * logOut[i] - e[i] * logOut[i + 1];
            }
            coordinatesOut[b] = along;
            across[b] = turned;
        }
        double radial = (1 - c1) * squaredInverse;
        double holomorphic = (c2 - c1) * squaredInverse;
        for (int b = 0; b < d; b++) {
            double ub = radial * coordinatesOut[b];
            double jb = holomorphic * across[b];
            int row = b * d;
            hessian[row + b] += c1;
            for (int c = 0; c < d; c++) {
                hessian[row + c] += ub * coordinatesOut[c] + jb * across[c];
            }
        }
        return rho;
    }

    /** {@code <u, v>_z = Re(u* v)}, the ambient dot product of two horizontal vectors (Kendall et al. 1999, ch. 6). */
    @Override
    public double inner(double[] p, double[] u, double[] v) {
        GeometryChecks.requireLength(this, "p", p);
        GeometryChecks.requireLength(this, "u", u);
        GeometryChecks.requireLength(this, "v", v);
        double inner = ComplexLandmarks.dot(u, v);
        requireFinite(inner, "inner(p, u, v)");
        return inner;
    }

    /**
     * The orthogonal projection onto the horizontal space at z:
     * {@code a' = a - mean_j(a_j)}, then {@code a' - Re(z* a') z - Im(z* a') (i z)} (divided by {@code |z|^2}, so
     * that it is an exact projection even for a slightly non-unit z). The three removed directions (translation,
     * scaling/normal, rotation) are mutually orthogonal because z is centred. Writes {@code out}, which may alias
     * {@code ambient} but not {@code p}.
     *
     * @throws IllegalArgumentException when p is the zero array (no tangent space)
     */
    @Override
    public void projectToTangent(double[] p, double[] ambient, double[] out) {
        GeometryChecks.requireLength(this, "p", p);
        GeometryChecks.requireLength(this, "ambient", ambient);
        GeometryChecks.requireLength(this, "out", out);
        double mx = ComplexLandmarks.meanX(ambient);
        double my = ComplexLandmarks.meanY(ambient);
        double re = 0;
        double im = 0;
        double squared = 0;
        for (int i = 0; i < p.length; i += 2) {
            double ax = ambient[i] - mx;
            double ay = ambient[i + 1] - my;
            re += p[i] * ax + p[i + 1] * ay;
            im += p[i] * ay - p[i + 1] * ax;
            squared += p[i] * p[i] + p[i + 1] * p[i + 1];
        }
        if (!(squared > 0)) {
            throw new IllegalArgumentException("p has no tangent space: it is the zero array or holds NaN; "
                    + "a pre-shape has unit norm");
        }
        requireFinite(re + im, "projectToTangent(p, ambient)");
        double cr = re / squared;
        double ci = im / squared;
        for (int i = 0; i < p.length; i += 2) {
            double ax = ambient[i] - mx;
            double ay = ambient[i + 1] - my;
            // i z has landmarks (-y_j, x_j).
            out[i] = ax - cr * p[i] + ci * p[i + 1];
            out[i + 1] = ay - cr * p[i + 1] - ci * p[i];
        }
    }

    /**
     * Reports a centroid away from the origin (its translation part has Frobenius norm
     * {@code sqrt(k) |centroid|} > tolerance) and a Frobenius norm away from 1 (by more than tolerance).
     */
    @Override
    public Optional<String> pointViolation(double[] p, double tolerance) {
        GeometryChecks.requireLength(this, "p", p);
        double cx = ComplexLandmarks.meanX(p);
        double cy = ComplexLandmarks.meanY(p);
        double translation = Math.sqrt(landmarks) * Math.hypot(cx, cy);
        double norm = ComplexLandmarks.norm(p);
        StringBuilder why = new StringBuilder();
        if (!(translation <= tolerance)) {
            why.append(String.format("its landmarks are not centred: their centroid is (%.6g, %.6g)", cx, cy));
        }
        if (!(Math.abs(norm - 1) <= tolerance)) {
            if (why.length() > 0) {
                why.append("; ");
            }
            why.append(String.format("its Frobenius norm is %.17g, not 1", norm));
        }
        if (why.length() == 0) {
            return Optional.empty();
        }
        return Optional.of(why.append("; a pre-shape is centred and of unit norm: make one from raw landmarks "
                + "with LandmarkShapes.preshape(configuration)").toString());
    }

    // ---- ParallelTransport ------------------------------------------------------------------------------------

    /**
     * Parallel transport of a horizontal v at z along the minimising geodesic to the shape of w, returned as a
     * horizontal vector at the representative w given:
     * <pre>
     *   T(v) = e^(i alpha) [ v + (u* v) ((cos theta - 1) u - sin theta z) ],
     * </pre>
     * where {@code theta u = log(z, w)} (u a unit horizontal vector), {@code alpha = arg(z* w)} and the complex
     * scalar {@code u* v} multiplies a landmark array as a complex number.
     *
     * <p>Why: a vector field along a curve of shape space is parallel iff its horizontal lift V along the horizontal
     * lift of the curve has a covariant derivative with no horizontal part (O'Neill's submersion formula for
     * {@code S^(2k-3) -> CP^(k-2)}); along the horizontal great circle {@code g(t) = cos t z + sin t u} that means
     * {@code V' in span_R(g, i g)}. The fields {@code g'(t)}, {@code i g'(t)} (i is parallel: the metric is
     * Kaehler) and the constant vectors complex-orthogonal to z and u satisfy this, so the u and {@code i u}
     * components rotate into {@code -sin theta z + cos theta u} (times 1 and i) and the rest stays put. The factor
     * {@code e^(i alpha)} carries the result from the aligned end point {@code w~ = exp(z, log(z, w))} to w.
     * Computed with {@code L = log(z, w)} as {@code v + (L* v) (-(1 - cos theta)/theta^2 L - (sin theta/theta) z)},
     * which has no division by theta.
     *
     * <p>Domain: {@code rho(z, w) < pi/2}; throws {@link IllegalArgumentException} at the cut locus like
     * {@link #log}. Writes {@code out}, which may alias {@code q} but neither {@code p} nor {@code v}; allocates
     * nothing.
     */
    @Override
    public void transport(double[] p, double[] q, double[] v, double[] out) {
        GeometryChecks.requireLength(this, "p", p);
        GeometryChecks.requireLength(this, "q", q);
        GeometryChecks.requireLength(this, "v", v);
        GeometryChecks.requireLength(this, "out", out);
        double re = ComplexLandmarks.dot(p, q);
        double im = ComplexLandmarks.imaginaryProduct(p, q);
        log(p, q, out);
        double overlap = Math.hypot(re, im); // > CUT_LOCUS_OVERLAP, or log has thrown
        double c = re / overlap;
        double s = im / overlap;
        double theta = ComplexLandmarks.norm(out);
        double alongLog = -SmallAngle.versineOverSquare(theta);
        double alongBase = -SmallAngle.sinc(theta);
        double lvRe = ComplexLandmarks.dot(out, v);
        double lvIm = ComplexLandmarks.imaginaryProduct(out, v);
        requireFinite(lvRe + lvIm, "transport(p, q, v)");
        for (int i = 0; i < out.length; i += 2) {
            double mx = alongLog * out[i] + alongBase * p[i];
            double my = alongLog * out[i + 1] + alongBase * p[i + 1];
            double tx = v[i] + lvRe * mx - lvIm * my;
            double ty = v[i + 1] + lvRe * my + lvIm * mx;
            out[i] = c * tx - s * ty;
            out[i + 1] = s * tx + c * ty;
        }
    }

    // ---- TangentBasis -------------------------------------------------------------------------------------------

    /** {@code 2k - 4}. */
    @Override
    public int basisSize() {
        return dimension();
    }

    /**
     * An orthonormal basis of the horizontal space at z: a Hermitian-orthonormal basis {@code b_1 .. b_(k-2)} of
     * {@code {v : sum v_j = 0, z* v = 0}} built from two Householder reflections, followed by
     * {@code i b_1 .. i b_(k-2)} (see {@code HorizontalBasis}). Writes {@code out[0 .. 2k-5]}, each of length 2k;
     * allocates nothing.
     */
    @Override
    public void basis(double[] p, double[][] out) {
        GeometryChecks.requireLength(this, "p", p);
        GeometryChecks.requireBasisOutput(this, dimension(), out);
        HorizontalBasis.write(p, out);
    }

    // ---- AmbientEmbedding ---------------------------------------------------------------------------------------

    /** {@code 2k}: the ambient coordinates are the pre-shape itself. */
    @Override
    public int ambientDimension() {
        return 2 * landmarks;
    }

    /** Copies the pre-shape (its ambient coordinates are its own entries). */
    @Override
    public void toAmbient(double[] p, double[] out) {
        GeometryChecks.requireLength(this, "p", p);
        GeometryChecks.requireLength(this, "out", out);
        System.arraycopy(p, 0, out, 0, 2 * landmarks);
    }

    /** Copies {@code y}; the copy is a pre-shape only if y is one. */
    @Override
    public void fromAmbient(double[] y, double[] out) {
        GeometryChecks.requireLength(this, "y", y);
        GeometryChecks.requireLength(this, "out", out);
        System.arraycopy(y, 0, out, 0, 2 * landmarks);
    }

    /**
     * The pre-shape of {@code y} read as a configuration: centred and scaled to unit norm (the nearest pre-shape
     * on the centred unit sphere). Returns false when all landmarks coincide (to rounding) or y is not finite.
     * {@code out} may alias {@code y}.
     */
    @Override
    public boolean project(double[] y, double[] out) {
        GeometryChecks.requireLength(this, "y", y);
        GeometryChecks.requireLength(this, "out", out);
        return Preshapes.normalise(y, out);
    }

    /**
     * {@code 2 sin(min(r, pi/2) / 2)}: the chord between unit vectors at angle r. It bounds the ambient distance
     * from the center to representatives of shapes in {@code B_r(center)} that are aligned to the center (as
     * {@code exp(center, v)} is for horizontal v, and as {@code align(point, center)} makes any point): for those,
     * the ambient angle equals the shape distance. An arbitrary (unaligned) representative can be up to 2 away.
     *
     * @throws IllegalArgumentException when {@code geodesicRadius} is negative or NaN
     */
    @Override
    public double ambientRadius(double[] center, double geodesicRadius) {
        GeometryChecks.requireLength(this, "center", center);
        if (!(geodesicRadius >= 0)) {
            throw new IllegalArgumentException("the geodesic radius must be >= 0. Provided value: " + geodesicRadius);
        }
        return 2 * Math.sin(Math.min(geodesicRadius, Math.PI / 2) / 2);
    }

    // ---- RadialVolume -----------------------------------------------------------------------------------------

    /** pi/2, the distance from every shape to its cut locus. */
    @Override
    public double maxRadius() {
        return Math.PI / 2;
    }

    /**
     * {@code (sin theta / theta)^(2m-1) cos theta} with {@code m = k - 2} on [0, pi/2], 0 elsewhere. In
     * {@code CP^m} with holomorphic curvature 4 the Jacobi fields along a unit-speed geodesic grow as
     * {@code sin theta} in the 2m - 2 directions complex-orthogonal to the velocity u and as
     * {@code sin theta cos theta = sin(2 theta)/2} in the direction {@code i u} (curvature 4), so the polar volume
     * element is {@code sin^(2m-1)(theta) cos(theta)} ({@code docs/exact-sampling.md}: the volume within t is
     * proportional to {@code sin^(2m)(t)}); for k = 3 this is the sphere of radius 1/2.
     */
    @Override
    public double volumeRatio(double theta) {
        if (!(theta >= 0) || theta > maxRadius()) {
            return 0.0;
        }
        return Math.pow(SmallAngle.sinc(theta), 2 * landmarks - 5) * Math.cos(theta);
    }

    // ---- LandmarkShapes -----------------------------------------------------------------------------------------

    @Override
    public int landmarks() {
        return landmarks;
    }

    /**
     * {@code (X - centroid) / |X - centroid|_F} (Soto et al. 2022, §4.3; Kulkarni and Soto 2025, §4.2). Writes {@code out},
     * which may alias {@code configuration}.
     *
     * @throws IllegalArgumentException when all landmarks coincide (to rounding level): such a configuration has
     *     no shape
     */
    @Override
    public void preshape(double[] configuration, double[] out) {
        GeometryChecks.requireLength(this, "configuration", configuration);
        GeometryChecks.requireLength(this, "out", out);
        if (!Preshapes.normalise(configuration, out)) {
            throw new IllegalArgumentException(String.format(
                    "the configuration has no shape: all %d landmarks coincide (their spread is at rounding level "
                            + "of the coordinates) or a coordinate is not finite", landmarks));
        }
    }

    /**
     * Ordinary Procrustes alignment in the plane: {@code out = e^(i phi) point} with
     * {@code phi = arg(point* reference)}, the rotation about the origin that minimises
     * {@code |e^(i phi) point - reference|_F}, since that norm squared is
     * {@code |point|^2 + |reference|^2 - 2 Re(e^(-i phi) point* reference)}. Works for raw configurations too
     * (rotation about the origin). Writes {@code out}, which may alias {@code point}.
     *
     * @throws IllegalArgumentException when {@code point* reference} is 0 to rounding (every rotation is optimal)
     */
    @Override
    public void align(double[] point, double[] reference, double[] out) {
        GeometryChecks.requireLength(this, "point", point);
        GeometryChecks.requireLength(this, "reference", reference);
        GeometryChecks.requireLength(this, "out", out);
        double re = ComplexLandmarks.dot(point, reference);
        double im = ComplexLandmarks.imaginaryProduct(point, reference);
        double overlap = requireAlignable(point, reference, re, im);
        ComplexLandmarks.rotate(point, re / overlap, im / overlap, out);
    }

    /**
     * The counter-clockwise angle {@code phi = arg(point* reference)} in (-pi, pi] that {@link #align} applies
     * (landmark j becomes {@code e^(i phi) z_j}). geomstats reports the same alignment as
     * {@code X @ R(phi')} acting on rows, which is {@code z_j e^(-i phi')}, so {@code phi = -phi'}.
     *
     * @throws IllegalArgumentException on arrays of the wrong length or with non-finite entries, or when
     *     {@code point* reference} is 0 to rounding
     */
    @Override
    public double alignmentAngle(double[] point, double[] reference) {
        requireConfiguration("point", point);
        requireConfiguration("reference", reference);
        double re = ComplexLandmarks.dot(point, reference);
        double im = ComplexLandmarks.imaginaryProduct(point, reference);
        requireAlignable(point, reference, re, im);
        return Math.atan2(im, re);
    }

    private static double requireAlignable(double[] point, double[] reference, double re, double im) {
        double overlap = Math.hypot(re, im);
        double scale = ComplexLandmarks.norm(point) * ComplexLandmarks.norm(reference);
        if (!(overlap > CUT_LOCUS_OVERLAP * scale)) {
            throw new IllegalArgumentException(String.format(
                    "no unique alignment: |point* reference| = %.3g (relative %.3g), so every rotation of point "
                            + "is equally close to reference (orthogonal shapes, or an all-zero configuration)",
                    overlap, scale > 0 ? overlap / scale : Double.NaN));
        }
        return overlap;
    }

    /**
     * Refuses a finite tangent vector longer than {@link #MAX_EXP_LENGTH} by its norm (a non-finite one falls through
     * to the finiteness check): its norm is known to a relative 2^-52 only, so far beyond 2^20 the angle modulo
     * 2 pi, which is all exp depends on, is unknown.
     */
    private static void refuseLongVector(double[] v) {
        for (double entry : v) {
            if (!Double.isFinite(entry)) {
                return;
            }
        }
        double norm = ScaledNorm.of(v, v.length);
        String shown = Double.isFinite(norm) ? String.valueOf(norm) : "beyond 1.8e308";
        throw new IllegalArgumentException(String.format(Locale.ROOT, "exp(p, v): the tangent vector's norm |v| = "
                + "%s is beyond 2^20 (%.0f), up to which exp is computed (the angle |v| modulo 2 pi is still known to "
                + "1e-9 from a double norm); use a shorter vector (exp is periodic: reduce |v| modulo 2 pi). Provided "
                + "value: |v| = %s", shown, MAX_EXP_LENGTH, shown));
    }

    private void requireConfiguration(String name, double[] values) {
        LandmarkChecks.requireConfiguration(landmarks, name, values);
    }

    /**
     * Fails when a scalar that every entry of the inputs feeds into is NaN or infinite: one test instead of a
     * pass over the arrays, so that the hot path refuses non-finite input rather than return NaN.
     */
    private static void requireFinite(double value, String operation) {
        if (!Double.isFinite(value)) {
            throw new IllegalArgumentException(operation + " needs finite arguments; an entry is NaN or infinite "
                    + "(or too large). Provided value: " + value);
        }
    }

    /** The angle between unit vectors z and w~ as {@code 2 atan2(|z - w~|, |z + w~|)}. */
    private static double chordAngle(double[] z, double[] aligned) {
        double minus = 0;
        double plus = 0;
        for (int i = 0; i < z.length; i++) {
            double d = aligned[i] - z[i];
            double s = aligned[i] + z[i];
            minus += d * d;
            plus += s * s;
        }
        return 2 * Math.atan2(Math.sqrt(minus), Math.sqrt(plus));
    }

    // ---- JacobiFields -------------------------------------------------------------------------------------------

    /**
     * {@code d_p Exp(z, v)[u] = a E1 + cos(2 theta) b E2 + cos(theta) (u - a e - b i e)}, the Jacobi field with
     * {@code J(0) = u}, {@code J'(0) = 0} at time 1, lifted horizontally. Here {@code theta = |v|}, {@code e = v/theta},
     * {@code a = <u, e>}, {@code b = <u, i e>}, and {@code E1 = -sin(theta) z + cos(theta) e},
     * {@code E2 = i E1} are the parallel fields along the horizontal great circle at time 1.
     *
     * <p>Why: {@code CP^(k-2)} is Kaehler with holomorphic curvature 4, so along a geodesic with unit velocity
     * {@code E1} the complex structure gives the parallel field {@code E2 = i E1}, spanning a plane of curvature 4,
     * and every horizontal vector complex-orthogonal to z and e is parallel (constant in the lift) and spans a
     * plane of curvature 1 with {@code E1}. The Jacobi equation is then diagonal: the component along the velocity
     * is constant, the one along {@code i e} solves {@code f'' + 4 theta^2 f = 0} ({@code cos(2 theta)}), the rest
     * {@code f'' + theta^2 f = 0} ({@code cos theta}). At v = 0 it is the identity. Writes {@code out}, which must
     * alias no input.
     */
    @Override
    public void dpExp(double[] p, double[] v, double[] u, double[] out) {
        jacobi(p, v, u, out, false, false);
    }

    /**
     * {@code d_v Exp(z, v)[u] = a E1 + (sin(2 theta)/(2 theta)) b E2 + (sin(theta)/theta) (u - a e - b i e)}
     * (notation of {@link #dpExp}): the Jacobi field with {@code J(0) = 0}, {@code J'(0) = u}. Writes {@code out}.
     */
    @Override
    public void dvExp(double[] p, double[] v, double[] u, double[] out) {
        jacobi(p, v, u, out, true, false);
    }

    /**
     * The adjoint of {@link #dpExp} for w horizontal at {@code exp(z, v)}:
     * {@code <w, E1> e + cos(2 theta) <w, E2> i e + cos(theta) (P w - <w, e> e - <w, i e> i e)}, with P the
     * horizontal projection at z. Writes {@code out}, which must alias no input.
     */
    @Override
    public void dpExpAdjoint(double[] p, double[] v, double[] w, double[] out) {
        jacobi(p, v, w, out, false, true);
    }

    /** The adjoint of {@link #dvExp}, the same form as {@link #dpExpAdjoint} with the factors of dvExp. */
    @Override
    public void dvExpAdjoint(double[] p, double[] v, double[] w, double[] out) {
        jacobi(p, v, w, out, true, true);
    }

    private void jacobi(double[] p, double[] v, double[] x, double[] out, boolean velocity, boolean adjoint) {
        GeometryChecks.requireLength(this, "p", p);
        GeometryChecks.requireLength(this, "v", v);
        GeometryChecks.requireLength(this, adjoint ? "w" : "u", x);
        GeometryChecks.requireLength(this, "out", out);
        double theta = ComplexLandmarks.norm(v);
        requireFinite(theta + ComplexLandmarks.norm(x) + ComplexLandmarks.dot(p, p), "the Jacobi fields of exp");
        if (theta == 0) {
            if (adjoint) {
                projectToTangent(p, x, out);
            } else {
                System.arraycopy(x, 0, out, 0, x.length);
            }
            return;
        }
        double cos = Math.cos(theta);
        double sin = Math.sin(theta);
        double complexFactor = velocity ? SmallAngle.sinc(2 * theta) : Math.cos(2 * theta);
        double restFactor = velocity ? SmallAngle.sinc(theta) : cos;
        // Components of x along e = v/theta and i e: <x, e> = Re(e* x), <x, i e> = Im(e* x).
        double alongE = ComplexLandmarks.dot(v, x) / theta;
        double alongIE = ComplexLandmarks.imaginaryProduct(v, x) / theta;
        double cE;
        double cIE;
        double cP;
        double cIP;
        if (!adjoint) {
            // a E1 + f2 b E2 + f3 (u - a e - b i e), expanded in u, e, i e, z and i z.
            System.arraycopy(x, 0, out, 0, x.length);
            cE = alongE * cos - restFactor * alongE;
            cIE = complexFactor * alongIE * cos - restFactor * alongIE;
            cP = -alongE * sin;
            cIP = -complexFactor * alongIE * sin;
        } else {
            projectToTangent(p, x, out);
            double alongP = ComplexLandmarks.dot(p, x);
            double alongIP = ComplexLandmarks.imaginaryProduct(p, x);
            double onE1 = -sin * alongP + cos * alongE;      // <w, E1>
            double onE2 = -sin * alongIP + cos * alongIE;    // <w, E2>
            cE = onE1 - restFactor * alongE;
            cIE = complexFactor * onE2 - restFactor * alongIE;
            cP = 0;
            cIP = 0;
        }
        double scaleE = cE / theta;
        double scaleIE = cIE / theta;
        for (int i = 0; i < out.length; i += 2) {
            // i e has landmarks (-e_y, e_x); i z has landmarks (-z_y, z_x).
            out[i] = restFactor * out[i] + scaleE * v[i] - scaleIE * v[i + 1] + cP * p[i] - cIP * p[i + 1];
            out[i + 1] = restFactor * out[i + 1] + scaleE * v[i + 1] + scaleIE * v[i] + cP * p[i + 1] + cIP * p[i];
        }
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof KendallShapeSpace that && landmarks == that.landmarks;
    }

    @Override
    public int hashCode() {
        return NAME.hashCode() * 31 + landmarks;
    }

    @Override
    public String toString() {
        return spec();
    }

    // ---- FrechetGradientBound -----------------------------------------------------------------------------------

    /**
     * The data-dependent bound of {@link KendallGradientBound} ({@code docs/exact-sampling.md}); empty when
     * {@code r >= pi/8}, where its proof (all pairwise distances in the ball below pi/4) does not apply.
     *
     * @throws IllegalArgumentException on arrays of the wrong length, no data, a radius that is not finite and
     *                                  {@code > 0}, or a data point farther than 2r from the anchor
     */
    @Override
    public Optional<RadialLowerBound> frechetGradientBound(double[][] data, double[] anchor, double[] center,
            double radius) {
        GeometryChecks.requireLength(this, "anchor", anchor);
        GeometryChecks.requireLength(this, "center", center);
        if (data == null || data.length == 0) {
            throw new IllegalArgumentException("data must hold at least one point for the Frechet gradient bound. "
                    + "Provided value: " + (data == null ? "null" : "0 points"));
        }
        for (double[] point : data) {
            GeometryChecks.requireLength(this, "data[i]", point);
        }
        if (!(radius > 0) || Double.isInfinite(radius)) {
            throw new IllegalArgumentException("radius must be finite and > 0. Provided value: " + radius);
        }
        if (!(radius < Math.PI / 8)) {
            return Optional.empty();
        }
        return Optional.of(KendallGradientBound.of(this, data, anchor, center, radius));
    }
}
