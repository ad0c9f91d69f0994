package dev.manifolddp.experiments.regression;

import com.google.inject.Inject;
import dev.manifolddp.estimators.RegressionDomain;
import dev.manifolddp.estimators.RegressionSensitivity;
import dev.manifolddp.experiments.config.ConfigException;
import dev.manifolddp.experiments.config.RegressionConfig;
import dev.manifolddp.experiments.data.PointFile;
import dev.manifolddp.experiments.plugins.Components;
import dev.manifolddp.experiments.run.RunOptions;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.mechanisms.SigmaRule;
import dev.manifolddp.mechanisms.regression.PrivateGeodesicRegression;
import dev.manifolddp.mechanisms.regression.RegressionMethod;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Builds a {@link RegressionExperiment} from the bound configuration and the discovered geometries, checking what
 * the reader cannot, without drawing: the geometry exists and has the capabilities the mechanism needs, the centre and
 * the true footpoint are points, the true shooting vector is tangent there, and every cell's mechanism accepts the
 * public domain (radius limit, injectivity radius, focal distance, a public tau at least {@code V + Rp + r}).
 */
public final class RegressionExperimentFactory {

    private final Components components;
    private final RegressionConfig config;
    private final RunOptions options;

    @Inject
    public RegressionExperimentFactory(Components components, RegressionConfig config, RunOptions options) {
        this.components = components;
        this.config = config;
        this.options = options;
    }

    /** Checks everything; draws nothing. */
    public RegressionExperiment build() {
        Geometry geometry = ConfigException.at("geometry", () -> components.geometry(config.geometry()));
        if (config.fileData()) {
            return buildOnFile(geometry);
        }
        RegressionConfig.Domain domain = config.domain();
        double[] center = ConfigException.at("domain.center", () -> PointFile.center(domain.center(), geometry,
                "the domain centre m0"));
        double[] footpoint = ConfigException.at("truth.footpoint", () -> PointFile.center(config.truth().footpoint(),
                geometry, "the true footpoint"));
        double[] velocity = vector(geometry, footpoint);
        List<RegressionCell> cells = new ArrayList<>();
        int dataIndex = 0;
        for (int n : config.ns()) {
            for (double noise : config.noises()) {
                addCells(cells, geometry, center, dataIndex, n, noise, 1);
                dataIndex++;
            }
        }
        SyntheticGeodesicData data = new SyntheticGeodesicData(geometry, center, domain.dataRadius(), domain.low(),
                domain.high(), footpoint, velocity);
        return experiment(geometry, data, cells, dataIndex);
    }

    /** A data file's records: one dataset, every replicate a new release (noise 0: no synthetic noise is added). */
    private RegressionExperiment buildOnFile(Geometry geometry) {
        FileRegressionData data = FileRecords.read(geometry, config.data(), config.domain());
        List<RegressionCell> cells = new ArrayList<>();
        addCells(cells, geometry, data.center(), 0, data.records().covariates().length, 0, data.recordsPerSubject());
        return experiment(geometry, data, cells, 1);
    }

    /** The cells of one dataset setting: the equal panel for every method, the unequal one for the paper's. */
    private void addCells(List<RegressionCell> cells, Geometry geometry, double[] center, int dataIndex, int n,
            double noise, int recordsPerSubject) {
        for (double epsilon : config.epsilons()) {
            for (int m = 0; m < config.methods().size(); m++) {
                boolean twoStep = !config.methods().get(m).method().equals("joint");
                cells.add(cell(geometry, center, cells.size(), dataIndex, n, noise, RegressionCell.EQUAL, epsilon,
                        twoStep ? epsilon / 2 : Double.NaN, m, recordsPerSubject));
            }
        }
        if (config.split() != null) {
            for (double epsilonP : config.split().footpoints()) {
                for (int m = 0; m < config.methods().size(); m++) {
                    if (!config.methods().get(m).method().equals("joint")) {
                        cells.add(cell(geometry, center, cells.size(), dataIndex, n, noise, RegressionCell.UNEQUAL,
                                config.split().total(), epsilonP, m, recordsPerSubject));
                    }
                }
            }
        }
    }

    private RegressionExperiment experiment(Geometry geometry, RegressionSource data, List<RegressionCell> cells,
            int dataSettings) {
        int replicates = options.checkedReplicates(config.replicates(), cells.size());
        double tau = cells.get(0).mechanism().tau();
        int threads = options.threads(config.threads());
        return new RegressionExperiment(config, geometry, data, tau, cells, dataSettings, replicates, threads,
                options);
    }

    private RegressionCell cell(Geometry geometry, double[] center, int index, int dataIndex, int n, double noise,
            String panel, double epsilon, double epsilonP, int m, int recordsPerSubject) {
        RegressionConfig.Method method = config.methods().get(m);
        RegressionConfig.Domain domain = config.domain();
        boolean twoStep = !method.method().equals("joint"); // public-vector or paper
        // the reader has checked the method itself; what the mechanism can refuse here is the public domain
        PrivateGeodesicRegression mechanism = ConfigException.at("domain", () -> {
            PrivateGeodesicRegression.Builder builder = PrivateGeodesicRegression.builder().geometry(geometry)
                    .domain(center, domain.dataRadius(), domain.footpointRadius(), domain.maxSpeed())
                    .covariateRange(domain.low(), domain.high())
                    .method(RegressionMethod.parse(method.method()))
                    .sigmaRule(method.sigmaRule().equals("paper") ? SigmaRule.PAPER : SigmaRule.PROVEN)
                    .burnIn(config.mcmc().burnIn()).thin(config.mcmc().thin()).step(config.mcmc().step())
                    .proposalScales(config.mcmc().scales());
            if (!Double.isNaN(domain.tau())) {
                builder.tau(domain.tau());
            }
            if (twoStep) {
                builder.footpointShare(epsilonP / epsilon);
            }
            return builder.build();
        });
        double tau = mechanism.tau();
        RegressionDomain radii = new RegressionDomain(domain.dataRadius(), domain.footpointRadius(),
                domain.maxSpeed());
        double deltaP = RegressionSensitivity.footpoint(geometry, tau, radii, n);
        double deltaV = RegressionSensitivity.shootingVector(geometry, tau, radii, n);
        double factor = method.sigmaRule().equals("paper") ? 1 : 2;
        // each record is released at epsilon / M so that a subject of up to M records is protected at epsilon
        double sigma = recordsPerSubject * (twoStep ? factor * deltaP / epsilonP
                : factor * Math.hypot(deltaP, deltaV) / epsilon);
        double sigmaV = twoStep ? recordsPerSubject * factor * deltaV / (epsilon - epsilonP) : Double.NaN;
        return new RegressionCell(index, dataIndex, n, noise, panel, epsilon, epsilonP, m, method.label(), mechanism,
                deltaP, deltaV, sigma, sigmaV);
    }

    private double[] vector(Geometry geometry, double[] footpoint) {
        String path = "truth.shooting-vector";
        String[] parts = config.truth().shootingVector().split(",");
        int length = geometry.layout().length();
        if (parts.length != length) {
            throw new ConfigException(path, String.format("the shooting vector has %d coordinates in the ambient "
                    + "layout of %s; write %d numbers. Provided value: %s", length, geometry.spec(), length,
                    config.truth().shootingVector()));
        }
        double[] v = new double[length];
        for (int j = 0; j < length; j++) {
            try {
                v[j] = Double.parseDouble(parts[j].trim());
            } catch (NumberFormatException e) {
                throw new ConfigException(path, "every coordinate must be a number. Provided value: " + parts[j]);
            }
            if (!Double.isFinite(v[j])) {
                throw new ConfigException(path, "every coordinate must be finite. Provided value: " + parts[j]);
            }
        }
        Optional<String> violation = geometry.tangentViolation(footpoint, v, 1e-8);
        if (violation.isPresent()) {
            throw new ConfigException(path, String.format("the shooting vector must be tangent at the true "
                    + "footpoint (%s); project it onto the tangent space. Provided value: %s", violation.get(),
                    config.truth().shootingVector()));
        }
        return v;
    }
}
