package dev.manifolddp.experiments.regression;

import org.apache.commons.rng.UniformRandomProvider;

/** Where a regression experiment's records come from: a generator ({@link SyntheticGeodesicData}) or a file. */
sealed interface RegressionSource permits SyntheticGeodesicData, FileRegressionData {

    /** The public ball centre m0. */
    double[] center();

    /** The public covariate range's low end. */
    double low();

    /** Its high end. */
    double high();

    /** The records replicate r of {@code cell} is released on; {@code rng} is that replicate's data stream. */
    SyntheticGeodesicData.Dataset dataset(RegressionCell cell, UniformRandomProvider rng);
}
