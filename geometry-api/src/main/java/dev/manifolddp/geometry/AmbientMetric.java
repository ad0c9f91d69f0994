package dev.manifolddp.geometry;

/**
 * A marker: the metric at every point is the ambient Euclidean inner product of the stored coordinates, restricted to
 * the tangent space, and {@link Geometry#projectToTangent} is the orthogonal projection for it (spheres; Kendall's
 * shape space with its horizontal projection). Generic code relies on it to know that an ambient isotropic law
 * projected onto T_p is isotropic in T_p, which on a two-point homogeneous space ({@link RadialVolume}) makes such
 * proposals symmetric.
 */
public interface AmbientMetric {
}
