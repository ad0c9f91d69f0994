package dev.manifolddp.estimators;

import dev.manifolddp.geometry.ParameterSpec;
import dev.manifolddp.geometry.Parameters;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code frechet-mean}: the sample Frechet mean by {@link FrechetMean} ({@code method: auto}, the default: safeguarded
 * Newton steps where the geometry has the SquaredDistanceHessian capability and the papers' gradient descent
 * elsewhere; {@code gradient} or {@code newton} to choose; the closed form when the geometry has one). An estimate
 * that has not converged is an error, not a silent approximation: the experiment that compares releases with it
 * would otherwise measure the optimiser. A tolerance below the rounding floor of the data is not such a failure: the
 * iteration stops where the gradient no longer decreases and the mean is the certified one to within rounding
 * ({@link FrechetMeanResult#stagnated()}).
 */
public final class FrechetMeanEstimatorProvider implements EstimatorProvider {

    /** The configuration name. */
    public static final String NAME = "frechet-mean";

    private static final List<ParameterSpec> PARAMETERS = List.of(
            ParameterSpec.optional("step", "gradient-descent step size t in (0, 1] (Soto et al. 2022, suppl. §2.1, Reimherr et al. 2021, suppl. §1.1)",
                    Double.toString(FrechetMean.DEFAULT_STEP)),
            ParameterSpec.optional("tolerance", "stop threshold on the gradient norm or the step length",
                    Double.toString(FrechetMean.DEFAULT_TOLERANCE)),
            ParameterSpec.optional("max-iterations", "the largest number of updates",
                    Integer.toString(FrechetMean.DEFAULT_MAX_ITERATIONS)),
            ParameterSpec.optional("stop-rule", "gradient-norm (Soto et al. 2022, suppl.) or step-length (Reimherr et al. 2021, suppl.)", "gradient-norm"),
            ParameterSpec.optional("method", "auto (newton where the geometry has the SquaredDistanceHessian "
                    + "capability, gradient elsewhere), gradient (the papers' descent) or newton (safeguarded Newton "
                    + "steps; needs that capability)", "auto"));

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "sample Frechet mean argmin sum_i rho(x, x_i)^2: Riemannian gradient descent from the first point, "
                + "or the closed form when the geometry has one (Soto et al. 2022, supplement §2.1); the settings "
                + "below govern this fit (e.g. a public template's mean), while a release centres on, and a run "
                + "measures against, the minimiser to gradient norm 1e-10 from the ball's centre";
    }

    @Override
    public List<ParameterSpec> parameters() {
        return PARAMETERS;
    }

    @Override
    public Estimator create(Map<String, String> parameters) {
        Parameters checked = Parameters.check("estimator '" + NAME + "'", PARAMETERS, parameters);
        double step = checked.positiveReal("step");
        double tolerance = checked.positiveReal("tolerance");
        int maxIterations = checked.integer("max-iterations", 1, Integer.MAX_VALUE);
        FrechetMean.StopRule stopRule = switch (checked.string("stop-rule").toLowerCase(Locale.ROOT)) {
            case "gradient-norm" -> FrechetMean.StopRule.GRADIENT_NORM;
            case "step-length" -> FrechetMean.StopRule.STEP_LENGTH;
            default -> throw new IllegalArgumentException(
                    "estimator '" + NAME + "': parameter 'stop-rule' must be gradient-norm or step-length. "
                            + "Provided value: " + checked.string("stop-rule"));
        };
        FrechetMean.Method method = switch (checked.string("method").toLowerCase(Locale.ROOT)) {
            case "auto" -> FrechetMean.Method.AUTO;
            case "gradient" -> FrechetMean.Method.GRADIENT;
            case "newton" -> FrechetMean.Method.NEWTON;
            default -> throw new IllegalArgumentException(
                    "estimator '" + NAME + "': parameter 'method' must be auto, gradient or newton. Provided value: "
                            + checked.string("method"));
        };
        return new FrechetMeanEstimator(step, tolerance, maxIterations, stopRule, method);
    }
}
