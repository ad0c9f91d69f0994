package dev.manifolddp.experiments.regression;

import dev.manifolddp.mechanisms.regression.PrivateGeodesicRegression;

/**
 * One cell of a regression experiment: a dataset setting (n, noise), a budget and a method, with its mechanism built
 * and its public noise scales computed before anything is drawn.
 *
 * @param index       the cell's index, in output order
 * @param dataIndex   the index of its (n, noise) setting: replicate r of every cell with this index sees the same
 *                    dataset
 * @param n           records per dataset
 * @param noise       the noise variance delta
 * @param panel       {@value #EQUAL} (total epsilon swept, the paper method splits it in half) or {@value #UNEQUAL}
 *                    (fixed total, the footpoint's budget swept)
 * @param epsilon     the total budget
 * @param epsilonP    the footpoint budget of the paper method; NaN for joint
 * @param method      the index of the method in the configuration
 * @param label       the method's label
 * @param mechanism   the mechanism, validated
 * @param deltaP      Delta_p at this n
 * @param deltaV      Delta_v at this n
 * @param sigma       the joint sigma, or the paper method's sigma_p
 * @param sigmaV      the paper method's sigma_v; NaN for joint
 */
public record RegressionCell(int index, int dataIndex, int n, double noise, String panel, double epsilon,
        double epsilonP, int method, String label, PrivateGeodesicRegression mechanism, double deltaP, double deltaV,
        double sigma, double sigmaV) {

    /** The panel where the total budget is swept. */
    public static final String EQUAL = "equal";
    /** The panel where the total is fixed and the footpoint's share is swept. */
    public static final String UNEQUAL = "unequal";

    /** The paper method's shooting-vector budget; NaN for joint. */
    public double epsilonV() {
        return Double.isNaN(epsilonP) ? Double.NaN : epsilon - epsilonP;
    }

    /** The value on the plot's x axis: epsilon on the equal panel, epsilon_p on the unequal one. */
    public double x() {
        return panel.equals(UNEQUAL) ? epsilonP : epsilon;
    }
}
