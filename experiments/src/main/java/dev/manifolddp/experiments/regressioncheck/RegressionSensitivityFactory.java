package dev.manifolddp.experiments.regressioncheck;

import com.google.inject.Inject;
import dev.manifolddp.estimators.CovariateRange;
import dev.manifolddp.estimators.RegressionDomain;
import dev.manifolddp.estimators.RegressionSensitivity;
import dev.manifolddp.experiments.config.ConfigException;
import dev.manifolddp.experiments.config.RegressionSensitivityConfig;
import dev.manifolddp.experiments.data.PointFile;
import dev.manifolddp.experiments.plugins.Components;
import dev.manifolddp.experiments.run.RunOptions;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.TangentBasis;
import java.util.ArrayList;
import java.util.List;

/**
 * Builds a {@link RegressionSensitivityCheck} from the bound configuration and the discovered geometries, checking
 * what the reader cannot, without drawing: every geometry exists and has a {@link TangentBasis}, every centre is a
 * point, and {@code RegressionSensitivity} accepts every domain (the same checks the private regression makes).
 */
public final class RegressionSensitivityFactory {

    /** Covariates are drawn rescaled into [0, 1]; this public range states it to the sensitivity checks. */
    static final CovariateRange UNIT = new CovariateRange(0, 1, true);

    private final Components components;
    private final RegressionSensitivityConfig config;
    private final RunOptions options;

    @Inject
    public RegressionSensitivityFactory(Components components, RegressionSensitivityConfig config,
            RunOptions options) {
        this.components = components;
        this.config = config;
        this.options = options;
    }

    /** Checks everything; draws nothing. */
    public RegressionSensitivityCheck build() {
        List<DomainCheck> domains = new ArrayList<>();
        List<SensitivityCell> cells = new ArrayList<>();
        for (int g = 0; g < config.geometries().size(); g++) {
            DomainCheck domain = domain(config.geometries().get(g), "geometries[" + g + "]");
            domains.add(domain);
            for (int n : config.ns()) {
                Geometry geometry = domain.geometry();
                RegressionDomain radii = new RegressionDomain(domain.dataRadius(), domain.footpointRadius(),
                        domain.maxSpeed());
                double deltaP = RegressionSensitivity.footpoint(geometry, domain.tau(), radii, n);
                double deltaV = RegressionSensitivity.shootingVector(geometry, domain.tau(), radii, n);
                cells.add(new SensitivityCell(cells.size(), domain, n, deltaP, deltaV, Math.hypot(deltaP, deltaV)));
            }
        }
        // every pair keeps one row in memory, as a release does
        int replicates = options.checkedReplicates(config.replicates(), cells.size());
        int threads = options.threads(config.threads());
        return new RegressionSensitivityCheck(config, domains, cells, replicates, threads, options);
    }

    private DomainCheck domain(RegressionSensitivityConfig.Setting setting, String path) {
        Geometry geometry = ConfigException.at(path + ".geometry", () -> components.geometry(setting.geometry()));
        TangentBasis basis = geometry.capability(TangentBasis.class).orElseThrow(() -> new ConfigException(
                path + ".geometry", "the check draws random directions from a tangent basis, and " + geometry.spec()
                        + " has no TangentBasis capability"));
        double[] center = ConfigException.at(path + ".domain.center", () -> PointFile.center(setting.center(),
                geometry, "the domain centre m0"));
        double tau = ConfigException.at(path + ".domain", () -> Double.isNaN(setting.tau())
                ? RegressionSensitivity.defaultTau(geometry, setting.dataRadius(), setting.footpointRadius(),
                        setting.maxSpeed(), UNIT)
                : RegressionSensitivity.publicTau(geometry, setting.tau(), setting.dataRadius(),
                        setting.footpointRadius(), setting.maxSpeed(), UNIT));
        return new DomainCheck(setting.label(), geometry, basis, center, setting.dataRadius(),
                setting.footpointRadius(), setting.maxSpeed(), tau, !Double.isNaN(setting.tau()));
    }
}
