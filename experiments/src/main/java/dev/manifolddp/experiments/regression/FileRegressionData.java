package dev.manifolddp.experiments.regression;

import dev.manifolddp.estimators.GeodesicRegression;
import dev.manifolddp.estimators.GeodesicRegressionResult;
import dev.manifolddp.geometry.Geometry;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * The records of a data file: every replicate is a new release on the same records, so the data stream is not used.
 * The non-private fit (Fletcher 2011, from the public start (m0, 0)) is the same for every replicate and is computed
 * once, on first use.
 *
 * @param geometry          the geometry
 * @param center            m0, the template
 * @param low               the public covariate range's low end
 * @param high              its high end
 * @param records           the records, every response inside the public ball
 * @param subjects          the number of distinct subjects (the number of records without a subject column)
 * @param recordsPerSubject the public bound M on a subject's records (1 without a subject column)
 * @param templateFromData  m0 is the data's Frechet mean (a non-private run)
 * @param sha256            the file's SHA-256
 * @param maxDistance       the largest distance of a response from m0 (reported, never used to set a bound)
 */
final class FileRegressionData implements RegressionSource {

    private final Geometry geometry;
    private final double[] center;
    private final double low;
    private final double high;
    private final SyntheticGeodesicData.Dataset records;
    private final int subjects;
    private final int recordsPerSubject;
    private final boolean templateFromData;
    private final String sha256;
    private final double maxDistance;
    private GeodesicRegressionResult fit;

    FileRegressionData(Geometry geometry, double[] center, double low, double high,
            SyntheticGeodesicData.Dataset records, int subjects, int recordsPerSubject, boolean templateFromData,
            String sha256, double maxDistance) {
        this.geometry = geometry;
        this.center = center.clone();
        this.low = low;
        this.high = high;
        this.records = records;
        this.subjects = subjects;
        this.recordsPerSubject = recordsPerSubject;
        this.templateFromData = templateFromData;
        this.sha256 = sha256;
        this.maxDistance = maxDistance;
    }

    @Override
    public double[] center() {
        return center.clone();
    }

    @Override
    public double low() {
        return low;
    }

    @Override
    public double high() {
        return high;
    }

    SyntheticGeodesicData.Dataset records() {
        return records;
    }

    int subjects() {
        return subjects;
    }

    int recordsPerSubject() {
        return recordsPerSubject;
    }

    boolean templateFromData() {
        return templateFromData;
    }

    String sha256() {
        return sha256;
    }

    double maxDistance() {
        return maxDistance;
    }

    @Override
    public SyntheticGeodesicData.Dataset dataset(RegressionCell cell, UniformRandomProvider rng) {
        return records;
    }

    /** The non-private fit on the records, from the public start (m0, 0); computed once. */
    synchronized GeodesicRegressionResult fit() {
        if (fit == null) {
            fit = GeodesicRegression.builder().geometry(geometry).covariateRange(low, high)
                    .start(center, new double[center.length]).build().fit(records.covariates(), records.responses());
        }
        return fit;
    }
}
