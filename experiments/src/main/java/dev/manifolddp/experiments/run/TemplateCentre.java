package dev.manifolddp.experiments.run;

import dev.manifolddp.estimators.Estimator;
import dev.manifolddp.experiments.config.DataConfig;
import dev.manifolddp.experiments.config.PublicTemplate;
import dev.manifolddp.experiments.data.PointFile;
import dev.manifolddp.geometry.Geometry;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;

/**
 * The ball centre as the Frechet mean of a public split of the data file ({@link PublicTemplate}). The split must
 * share no line with the released rows and, with a subject column, no subject: a record (or subject) in both would
 * make the centre, and with it every sensitivity, a function of the released data. The split's rows are read like
 * the released ones (same columns and subject column); only their mean is used.
 */
final class TemplateCentre {

    /**
     * The centre and how the report describes it.
     *
     * @param center      the centre, a point of the geometry
     * @param description e.g. {@code the Frechet mean of the 30 public rows where group in gorf (disjoint from the
     *                    released rows)}
     */
    record Result(double[] center, String description) {
    }

    private TemplateCentre() {
    }

    /**
     * The template's centre.
     *
     * @throws IllegalArgumentException when the split shares a line or a subject with the released rows, naming it
     */
    static Result compute(Path file, Geometry geometry, DataConfig data, PointFile.Points released,
            Estimator estimator) {
        PublicTemplate template = data.template();
        if (template.fromReleasedRows()) {
            return new Result(estimator.estimate(geometry, released.points()), template.describe());
        }
        PointFile.Points split = PointFile.read(file, geometry,
                new PointFile.Columns(data.subject(), data.columns()), template.rows());
        Set<Integer> lines = new HashSet<>();
        Arrays.stream(released.lines()).forEach(lines::add);
        for (int line : split.lines()) {
            if (lines.contains(line)) {
                throw new IllegalArgumentException(String.format(Locale.ROOT, "the template rows (where %s) and the "
                        + "released rows%s share line %d of the file; the template must be a disjoint public split, "
                        + "so choose template rows that the released rows exclude (e.g. where: { group: [gorm] } "
                        + "released, mean-of: { where: { group: [gorf] } } as template). Provided value: mean-of "
                        + "where %s", template.rows().describe(), data.where() == null ? " (every row: no where)"
                        : " (where " + data.where().describe() + ")", line, template.rows().describe()));
            }
        }
        if (split.subjects() != null) {
            Set<String> subjects = new HashSet<>(Arrays.asList(released.subjects()));
            for (int i = 0; i < split.size(); i++) {
                if (subjects.contains(split.subjects()[i])) {
                    throw new IllegalArgumentException(String.format(Locale.ROOT, "subject '%s' has records among the "
                            + "template rows (line %d) and among the released rows; with subject '%s' the template "
                            + "must come from other subjects. Provided value: mean-of where %s",
                            split.subjects()[i], split.lines()[i], data.subject(),
                            template.rows().describe()));
                }
            }
        }
        return new Result(estimator.estimate(geometry, split.points()), String.format(Locale.ROOT, "the Frechet mean "
                + "of the %d public rows where %s (disjoint from the released rows)", split.size(),
                template.rows().describe()));
    }
}
