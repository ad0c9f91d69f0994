package dev.manifolddp.experiments.audit;

import dev.manifolddp.mechanisms.Release;
import java.lang.reflect.Method;
import java.util.Locale;
import java.util.Optional;

/**
 * The guarantee a release states ({@code pure}, {@code epsilon-delta}, {@code mcmc}, {@code unproven},
 * {@code not-private}; DESIGN §4), read reflectively from {@code Release.guarantee()} so that the auditor builds
 * whether or not that accessor exists yet.
 *
 * <p>MERGE NOTE: this is the single place that reads the guarantee. Once {@code Release.guarantee()} is on the main
 * branch, replace the reflection with a direct call (and keep the lower-case, dash-separated form).
 */
final class ReleaseGuarantee {

    private ReleaseGuarantee() {
    }

    static Optional<String> of(Release<?> release) {
        Method accessor;
        try {
            accessor = release.getClass().getMethod("guarantee");
        } catch (NoSuchMethodException e) {
            return Optional.empty();
        }
        try {
            Object value = accessor.invoke(release);
            return value == null ? Optional.empty()
                    : Optional.of(value.toString().toLowerCase(Locale.ROOT).replace('_', '-'));
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot read the release's guarantee: " + e.getMessage(), e);
        }
    }
}
