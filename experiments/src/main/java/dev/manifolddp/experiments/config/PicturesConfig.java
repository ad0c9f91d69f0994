package dev.manifolddp.experiments.config;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The optional {@code pictures} section of a mean experiment: draw the first releases of each mechanism in one cell
 * next to the data and the non-private estimate, in the data's own terms (shapes as outlines...), and plot the
 * distance of the releases to the non-private estimate against epsilon with the data's own spread as a reference.
 *
 * <pre>
 * pictures:
 *   at: { epsilon: 1 }          # the cell drawn: a value of every swept axis but epsilon (epsilon too for the
 *                               # gallery; the distance plot sweeps epsilon at the other values)
 *   per-mechanism: 6            # releases drawn per mechanism: replicates 0..5 of that cell
 *   sample: 10                  # records of replicate 0 drawn faintly
 *   show: [shapes]              # pictures by name (see mdp list)
 *   options: { closed-outline: true }
 * </pre>
 *
 * @param at           the cell drawn, as axis values (as written)
 * @param perMechanism releases drawn per mechanism
 * @param sample       records drawn faintly
 * @param show         the picture names
 * @param options      the pictures' options
 */
public record PicturesConfig(Map<String, String> at, int perMechanism, int sample, List<String> show,
        Map<String, String> options) {

    /** The keys of the section. */
    public static final List<String> KEYS = List.of("at", "per-mechanism", "sample", "show", "options");

    /** The default number of releases per mechanism (Soto et al. 2022, Fig. 2 shows six). */
    public static final int DEFAULT_PER_MECHANISM = 6;

    /** The default number of records drawn (Soto et al. 2022, Fig. 2 shows ten). */
    public static final int DEFAULT_SAMPLE = 10;

    /** At most this many releases per mechanism or records are drawn; a picture is a look, not a table. */
    public static final int MAX_DRAWN = 50;

    public PicturesConfig {
        at = Collections.unmodifiableMap(new LinkedHashMap<>(at));
        show = List.copyOf(show);
        options = Collections.unmodifiableMap(new LinkedHashMap<>(options));
    }
}
