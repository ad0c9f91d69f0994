package dev.manifolddp.mechanisms;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a release's computation revealed about the data beyond the released value: the sampler's proposal count and
 * acceptance rate, a chain's acceptance, effective sample size and R-hat (measured against states that depend on the
 * data), the non-private mean's iteration count and gradient norm, and warnings that depend on them. The privacy
 * guarantee covers none of it. Experiments keep it (they are simulations); a published release must not contain it,
 * so {@code mdp release} writes it only to a separate file that says so.
 *
 * @param sampler  the sampler's report (data-dependent counts and chain statistics)
 * @param values   further data-dependent values, by name
 * @param warnings warnings whose text depends on the data
 */
public record ReleaseDiagnostics(SamplerReport sampler, Map<String, Object> values, List<String> warnings) {

    public ReleaseDiagnostics {
        values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
        warnings = List.copyOf(warnings);
    }
}
