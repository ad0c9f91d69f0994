package dev.manifolddp.sampling.exact;

import dev.manifolddp.geometry.ExactLaplaceSampler;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.IsometricChart;
import dev.manifolddp.geometry.RadialVolume;
import dev.manifolddp.geometry.SpectralVolume;
import dev.manifolddp.geometry.SymmetricEigensolvers;
import dev.manifolddp.geometry.TangentBasis;
import dev.manifolddp.sampling.Arguments;
import java.util.Optional;

/** Finds an exact Riemannian Laplace sampler for a geometry, if one exists. */
public final class ExactLaplaceSamplers {

    private ExactLaplaceSamplers() {
    }

    /**
     * In order of preference: the geometry's own {@link ExactLaplaceSampler} capability (a plugin may implement
     * it); a new {@link RadialLaplaceSampler} when the geometry has {@link RadialVolume} and {@link TangentBasis};
     * a new {@link SpectralLaplaceSampler} when it has {@link SpectralVolume} (and lends its eigensolver); a new {@link ChartLaplaceSampler} when it
     * has an {@link IsometricChart}; otherwise empty (use
     * Metropolis-Hastings). Each call builds a new instance of the built-in samplers, which are not thread-safe.
     */
    public static Optional<ExactLaplaceSampler> find(Geometry geometry) {
        Arguments.requireNonNull("geometry", geometry);
        Optional<ExactLaplaceSampler> own = geometry.capability(ExactLaplaceSampler.class);
        if (own.isPresent()) {
            return own;
        }
        if (geometry.capability(RadialVolume.class).isPresent()
                && geometry.capability(TangentBasis.class).isPresent()) {
            return Optional.of(new RadialLaplaceSampler(geometry));
        }
        if (geometry.capability(SpectralVolume.class).isPresent()
                && geometry.capability(SymmetricEigensolvers.class).isPresent()) {
            return Optional.of(new SpectralLaplaceSampler(geometry));
        }
        if (geometry.capability(IsometricChart.class).isPresent()) {
            return Optional.of(new ChartLaplaceSampler(geometry));
        }
        return Optional.empty();
    }
}
