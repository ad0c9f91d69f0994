package dev.manifolddp.experiments.data;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The records of a file grouped by subject (the person or unit a record belongs to), checked against a public bound
 * M on the records per subject. The bound must be declared, never taken from the data: the observed maximum is a
 * function of the data, and a calibration built on it would leak it (and break when one subject's records change).
 * A subject with more than M records is refused, naming it; nothing is dropped or truncated.
 *
 * @param records  the number of records
 * @param subjects the number of distinct subjects
 * @param bound    the public bound M
 */
public record SubjectGroups(int records, int subjects, int bound) {

    /**
     * Groups {@code points} by {@link PointFile.Points#subjects()}.
     *
     * @throws IllegalArgumentException naming the first subject with more than {@code bound} records (and its
     *     lines), or when the file names no subjects
     */
    public static SubjectGroups of(PointFile.Points points, int bound, String boundFlag) {
        if (points == null || points.subjects() == null) {
            throw new IllegalArgumentException("the records carry no subjects; name the subject column");
        }
        if (bound < 1) {
            throw new IllegalArgumentException(boundFlag + " must be an integer >= 1. Provided value: " + bound);
        }
        Map<String, Integer> counts = new LinkedHashMap<>();
        for (int i = 0; i < points.size(); i++) {
            int count = counts.merge(points.subjects()[i], 1, Integer::sum);
            if (count > bound) {
                throw new IllegalArgumentException(String.format(Locale.ROOT,
                        "subject %s has more than %s = %d records (line %d is its record number %d); the bound is "
                                + "public and must hold for every subject: raise %s (the noise grows with it) or "
                                + "remove records of that subject before the release",
                        Fields.shown(points.subjects()[i]), boundFlag, bound, points.lines()[i], count, boundFlag));
            }
        }
        return new SubjectGroups(points.size(), counts.size(), bound);
    }
}
