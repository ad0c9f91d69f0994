package dev.manifolddp.experiments.regression;

import dev.manifolddp.estimators.FrechetMean;
import dev.manifolddp.experiments.config.ConfigException;
import dev.manifolddp.experiments.config.RegressionConfig;
import dev.manifolddp.experiments.data.BallClip;
import dev.manifolddp.experiments.data.CovariateColumn;
import dev.manifolddp.experiments.data.PointFile;
import dev.manifolddp.experiments.data.SubjectGroups;
import dev.manifolddp.geometry.Geometry;

/**
 * Reads a regression configuration's data file into {@link FileRegressionData}: the covariate inside its public
 * range, the subjects within their public bound, the ball centre (a public template, or the data's Frechet mean in a
 * non-private run) and every response inside the public ball. Nothing is clipped: a response outside the ball fails
 * the run, as the sensitivity bound would not hold for it.
 */
final class FileRecords {

    private FileRecords() {
    }

    static FileRegressionData read(Geometry geometry, RegressionConfig.Data data, RegressionConfig.Domain domain) {
        PointFile.Columns columns = new PointFile.Columns(data.id(), data.subject(), java.util.List.of(),
                data.columns().isEmpty() ? geometry.layout().columnNames() : data.columns())
                .withCovariate(ConfigException.at("data.covariate-range", () -> CovariateColumn.of(data.covariate(),
                        domain.low(), domain.high())));
        PointFile.Points points = ConfigException.at("data.file", () -> PointFile.read(data.resolved(), geometry,
                columns));
        int subjects = points.size();
        if (data.subject() != null) {
            subjects = ConfigException.at("data.records-per-subject", () -> SubjectGroups.of(points,
                    data.recordsPerSubject(), "data.records-per-subject")).subjects();
        }
        double[] center = data.templateFromData()
                ? FrechetMean.builder().geometry(geometry).build().fit(points.points()).requireConverged()
                : ConfigException.at("data.template", () -> PointFile.center(data.template(), geometry,
                        "the template (ball centre m0)"));
        BallClip.Result inside = ConfigException.at("domain.data-radius", () -> BallClip.apply(geometry, center,
                domain.dataRadius(), "domain.data-radius", points, false, "choose a template closer to the data"));
        double maxDistance = 0;
        for (double[] y : inside.points()) {
            maxDistance = Math.max(maxDistance, geometry.distance(center, y));
        }
        SyntheticGeodesicData.Dataset records = new SyntheticGeodesicData.Dataset(points.covariate(data.covariate()),
                inside.points(), 0);
        return new FileRegressionData(geometry, center, domain.low(), domain.high(), records, subjects,
                data.recordsPerSubject(), data.templateFromData(), points.sha256(), maxDistance);
    }
}
