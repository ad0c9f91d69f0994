package dev.manifolddp.sampling.data;

import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.ParameterException;
import dev.manifolddp.geometry.ParameterSpec;
import dev.manifolddp.geometry.Parameters;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code cap-mixture}: a contaminated cap, {@link CapMixtureGenerator}. The clean records are {@code sphere-cap} data
 * about the public ball's centre; a fixed fraction comes from a second cap elsewhere in the public ball (outliers).
 * Works on any geometry with a {@code TangentBasis}.
 */
public final class CapMixtureGeneratorProvider implements DataGeneratorProvider {

    /** The configuration name. */
    public static final String NAME = "cap-mixture";

    private static final List<ParameterSpec> PARAMETERS = List.of(
            ParameterSpec.required("center", "the public ball's centre, which is also the clean records' centre c "
                    + "(comma-separated numbers in the geometry's layout)"),
            ParameterSpec.required("radius", "the public ball's geodesic radius r: it must hold both caps"),
            ParameterSpec.required("clean-radius", "the clean cap's radius: theta ~ U[0, clean-radius] about c, at "
                    + "most r"),
            ParameterSpec.required("outlier-center", "the outliers' centre, a point of the geometry"),
            ParameterSpec.optional("outlier-radius", "the outliers' cap radius (0: all at outlier-center); the cap "
                    + "must lie in the public ball", "0"),
            ParameterSpec.required("fraction", "the contamination fraction f in [0, 0.5): round(f n) of the n "
                    + "records are outliers"));

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "a contaminated cap: records exp(c, theta u), theta ~ U[0, clean-radius], and round(f n) outliers "
                + "from a second cap (outlier-center, outlier-radius), all in the public ball B_r(c)";
    }

    @Override
    public List<ParameterSpec> parameters() {
        return PARAMETERS;
    }

    @Override
    public DataGenerator create(Geometry geometry, Map<String, String> parameters) {
        String owner = "data generator '" + NAME + "'";
        Parameters checked = Parameters.check(owner, PARAMETERS, parameters);
        int length = geometry.layout().length();
        double[] center = ParameterValues.numbers(owner, "center", checked.string("center"), length);
        double[] outlierCenter = ParameterValues.numbers(owner, "outlier-center", checked.string("outlier-center"),
                length);
        double radius = checked.positiveReal("radius");
        double cleanRadius = checked.positiveReal("clean-radius");
        double outlierRadius = checked.real("outlier-radius", 0, radius);
        double fraction = checked.real("fraction", 0, 0.5);
        if (fraction >= 0.5) {
            throw new ParameterException("fraction", String.format(Locale.ROOT, "%s: parameter 'fraction' must be "
                    + "below 0.5, or the outliers are no longer a minority. Provided value: %s", owner, fraction),
                    null);
        }
        if (cleanRadius > radius) {
            throw new ParameterException("clean-radius", String.format(Locale.ROOT, "%s: parameter 'clean-radius' "
                    + "must not exceed the public ball's radius %s. Provided value: %s", owner, radius, cleanRadius),
                    null);
        }
        return new CapMixtureGenerator(geometry, center, radius, cleanRadius, outlierCenter, outlierRadius, fraction);
    }
}
