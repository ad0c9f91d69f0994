package dev.manifolddp.experiments.run;

import com.google.inject.Inject;
import dev.manifolddp.estimators.CovariateRecords;
import dev.manifolddp.estimators.Estimator;
import dev.manifolddp.estimators.EstimatorProvider;
import dev.manifolddp.estimators.FrechetMeanEstimator;
import dev.manifolddp.experiments.config.ConfigException;
import dev.manifolddp.experiments.config.DataConfig;
import dev.manifolddp.experiments.config.ExperimentConfig;
import dev.manifolddp.experiments.config.MechanismConfig;
import dev.manifolddp.experiments.config.Placeholders;
import dev.manifolddp.experiments.config.SweepAxis;
import dev.manifolddp.experiments.data.BallClip;
import dev.manifolddp.experiments.data.DatasetFiles;
import dev.manifolddp.experiments.data.CovariateColumn;
import dev.manifolddp.experiments.data.PointFile;
import dev.manifolddp.experiments.data.SubjectGroups;
import dev.manifolddp.experiments.plugins.Components;
import dev.manifolddp.experiments.spi.DataSource;
import dev.manifolddp.experiments.spi.DataSourceFactory;
import dev.manifolddp.experiments.config.Limits;
import dev.manifolddp.experiments.spi.StreamLayout;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.ParameterSpec;
import dev.manifolddp.mechanisms.Mechanism;
import dev.manifolddp.mechanisms.MechanismProvider;
import dev.manifolddp.mechanisms.PrivacyBudget;
import dev.manifolddp.utility.UtilityMeasure;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * Builds an {@link Experiment} in the run's Guice graph from the bound configuration, the discovered components (the
 * graph's root) and the data sources bound by name in the run ({@link DataSourceFactory}: built-in and plugin ones):
 * fills the sweep placeholders cell by cell, creates and checks the geometry, data source, estimator, mechanisms and
 * utility measures, and turns every failure into a {@link ConfigException} at the configuration path it comes from.
 * Components that the same parameters describe are created once and shared between cells.
 */
public final class ExperimentFactory {

    /** The mechanism parameter by which a mechanism accepts data-derived bounds. */
    private static final String NON_PRIVATE = "non-private";

    /** A template centre is printed in the reports when it has at most this many coordinates. */
    private static final int SHOWN_COORDINATES = 16;

    private final Components components;
    private final ExperimentConfig config;
    private final RunOptions options;
    private final Map<String, DataSourceFactory> dataSources;
    private final DataNotes notes;

    @Inject
    public ExperimentFactory(Components components, ExperimentConfig config, RunOptions options,
            Map<String, DataSourceFactory> dataSources, DataNotes notes) {
        this.components = components;
        this.config = config;
        this.options = options;
        this.dataSources = dataSources;
        this.notes = notes;
    }

    /**
     * Checks everything and creates every component; nothing random is drawn. Once per run: the run's
     * {@link DataNotes} collect what its data sources report.
     */
    public Experiment build() {
        checkAxesAreUsed();
        String plotAxis = config.plot().x();
        if (plotAxis != null && config.axis(plotAxis).isEmpty()) {
            throw new ConfigException("plot.x", String.format("'%s' is not a sweep axis; sweep axes: %s", plotAxis,
                    config.sweep().stream().map(SweepAxis::name).collect(Collectors.joining(", "))));
        }
        List<SweepAxis> axes = config.sweep();
        Optional<SweepAxis> nAxis = config.axis(SweepAxis.N);
        DataConfig data = config.data();
        if (data.isDrawn() && nAxis.isEmpty()) {
            throw new ConfigException("sweep.n", "generated data need the sample size axis n (e.g. n: [10, 100])");
        }
        int mechanismCount = config.mechanisms().size();
        long cellCount = Limits.cells(axes);
        int replicates = scaledReplicates(cellCount);
        if (!StreamLayout.fits(cellCount, mechanismCount)) {
            throw new ConfigException("sweep", String.format(
                    "%d cells x %d streams per cell exceed the 2^31 random streams; sweep fewer values", cellCount,
                    mechanismCount + 1));
        }

        Map<String, Geometry> geometries = new HashMap<>();
        Map<String, DataSource> sources = new HashMap<>();
        Map<String, Estimator> estimators = new HashMap<>();
        Map<String, Mechanism> mechanisms = new HashMap<>();
        List<Cell> cells = new ArrayList<>();
        List<Map<String, String>> product = product(axes);
        for (int index = 0; index < product.size(); index++) {
            Map<String, String> values = product.get(index);
            String spec = Placeholders.fill(config.geometry(), values, "geometry");
            Geometry geometry = geometries.computeIfAbsent(spec, this::geometry);
            int n = nAxis.isPresent() ? Integer.parseInt(values.get(SweepAxis.N)) : -1;
            DataSource source = data.isFile()
                    ? sources.computeIfAbsent("file|" + spec, key -> fileSource(geometry))
                    : boundSource(geometry, values, sources);
            if (source instanceof FileSource file && n > file.rows()) {
                throw new ConfigException("sweep.n", String.format(
                        "n = %d exceeds the %d rows of the data file; replicates draw rows without replacement",
                        n, file.rows()));
            }
            Map<String, String> estimatorParameters = Placeholders.fill(config.estimator().params(), values,
                    "estimator.params");
            Estimator estimator = estimators.computeIfAbsent(estimatorParameters.toString(),
                    key -> estimator(estimatorParameters));
            List<Mechanism> cellMechanisms = new ArrayList<>();
            for (int m = 0; m < mechanismCount; m++) {
                MechanismConfig entry = config.mechanisms().get(m);
                Map<String, String> parameters = Placeholders.fill(entry.params(), values, entry.path() + ".params");
                cellMechanisms.add(mechanisms.computeIfAbsent(entry.name() + "|" + parameters,
                        key -> mechanism(entry, parameters)));
            }
            cells.add(new Cell(index, values, geometry, source, n, budget(values), estimator, cellMechanisms,
                    data.isFile() ? data.recordsPerSubject() : 1));
        }
        List<UtilityMeasure> utilities = utilities(geometries.values());
        int threads = options.threads(config.threads());
        GalleryPlan gallery = config.pictures() == null ? null
                : GalleryPlan.of(config.pictures(), axes, cells, utilities, config.replicates());
        return new Experiment(config, cells, utilities, replicates, options, threads, notes.notes(), notes.clipped(),
                gallery);
    }

    /** The replicates per cell after {@code --scale}, within {@link Limits}. */
    private int scaledReplicates(long cellCount) {
        int replicates = options.scaledReplicates(config.replicates());
        if (replicates != config.replicates()) {
            String scale = "--scale " + options.scale();
            Limits.require("--scale", "replicates x " + scale, replicates, Limits.MAX_REPLICATES, "use a smaller "
                    + "--scale");
            Limits.releases(cellCount, replicates, config.mechanisms().size(), "--scale");
        }
        return replicates;
    }

    /**
     * Every placeholder must name a sweep axis, and every axis other than n, epsilon and delta must fill a placeholder
     * somewhere, or sweeping it would change nothing.
     */
    private void checkAxesAreUsed() {
        Map<String, String> places = new LinkedHashMap<>();
        places.put("geometry", config.geometry());
        config.data().parameters().forEach((key, value) -> places.put("data." + key, value));
        config.estimator().params().forEach((key, value) -> places.put("estimator.params." + key, value));
        config.mechanisms().forEach(m -> m.params().forEach((key, value) ->
                places.put(m.path() + ".params." + key, value)));
        Set<String> axes = config.sweep().stream().map(SweepAxis::name).collect(Collectors.toSet());
        Set<String> used = new LinkedHashSet<>();
        places.forEach((path, text) -> {
            for (String name : Placeholders.names(text)) {
                if (!axes.contains(name)) {
                    throw new ConfigException(path, String.format("the placeholder {%s} names no sweep axis; sweep "
                            + "axes: %s", name, config.sweep().stream().map(SweepAxis::name)
                                    .collect(Collectors.joining(", "))));
                }
                used.add(name);
            }
        });
        for (SweepAxis axis : config.sweep()) {
            if (!axis.isBuiltIn() && !used.contains(axis.name())) {
                throw new ConfigException("sweep." + axis.name(), String.format(
                        "the axis '%s' is used nowhere; write {%s} in the geometry, a data, estimator or mechanism "
                                + "parameter (built-in axes: n, epsilon, delta)", axis.name(), axis.name()));
            }
        }
    }

    private static List<Map<String, String>> product(List<SweepAxis> axes) {
        List<Map<String, String>> cells = new ArrayList<>();
        cells.add(new LinkedHashMap<>());
        for (SweepAxis axis : axes) {
            List<Map<String, String>> next = new ArrayList<>();
            for (Map<String, String> partial : cells) {
                for (String value : axis.values()) {
                    Map<String, String> cell = new LinkedHashMap<>(partial);
                    cell.put(axis.name(), value);
                    next.add(cell);
                }
            }
            cells = next;
        }
        return cells;
    }

    private static PrivacyBudget budget(Map<String, String> values) {
        double epsilon = Double.parseDouble(values.get(SweepAxis.EPSILON));
        String delta = values.get(SweepAxis.DELTA);
        return new PrivacyBudget(epsilon, delta == null ? 0 : Double.parseDouble(delta));
    }

    private Geometry geometry(String spec) {
        return ConfigException.at("geometry", () -> components.geometry(spec));
    }

    /**
     * The source the run's graph binds under the configuration's data source name (generators, images, a plugin's
     * source), created once per geometry and filled parameters.
     */
    private DataSource boundSource(Geometry geometry, Map<String, String> values, Map<String, DataSource> cache) {
        String name = config.data().source();
        DataSourceFactory factory = dataSources.get(name);
        if (factory == null) {
            Set<String> known = new TreeSet<>(dataSources.keySet());
            known.removeAll(List.of(DataConfig.GENERATOR, DataConfig.IMAGES));
            throw new ConfigException("data.source", String.format("unknown data source '%s'; known data sources: %s "
                    + "(a plugin's Guice module binds them; is its jar in --plugins?)", name,
                    known.isEmpty() ? "none" : String.join(", ", known)));
        }
        Map<String, String> parameters = Placeholders.fill(config.data().parameters(), values, "data");
        return cache.computeIfAbsent(name + "|" + geometry.spec() + "|" + parameters,
                key -> ConfigException.at("data", () -> ConfigException.atParameters("data",
                        () -> factory.create(geometry, parameters))));
    }

    private DataSource fileSource(Geometry geometry) {
        DataConfig data = config.data();
        Path file = DatasetFiles.isName(data.file())
                ? ConfigException.at("data.file", () -> DatasetFiles.resolve(data.file(),
                        List.of(config.baseDirectory())))
                : config.baseDirectory().resolve(data.file());
        PointFile.Columns roles = new PointFile.Columns(data.subject(), data.columns());
        PointFile.Points points = ConfigException.at("data.file", () -> PointFile.read(file, geometry,
                data.covariate() == null ? roles : roles.withCovariate(covariateColumn(data.covariate())),
                data.where()));
        String subjects = "";
        if (data.subject() != null) {
            SubjectGroups groups = ConfigException.at("data.records-per-subject", () -> SubjectGroups.of(points,
                    data.recordsPerSubject(), "records-per-subject"));
            subjects = String.format(Locale.ROOT, " of %d subjects ('%s', at most %d records each)",
                    groups.subjects(), data.subject(), data.recordsPerSubject());
        }
        double[] center;
        String centre;
        if (data.template() != null) {
            Estimator configured = fileEstimator();
            // a centre is a point: an estimand off the manifold (a variance, a covariance) takes the Frechet mean
            Estimator mean = configured.parameterSpace(geometry) == geometry ? configured
                    : components.estimators().provider(FrechetMeanEstimator.NAME).create(Map.of());
            TemplateCentre.Result template = ConfigException.at("data.center", () -> TemplateCentre.compute(file,
                    geometry, data, points, mean));
            center = template.center();
            centre = template.description() + (center.length <= SHOWN_COORDINATES ? " "
                    + geometry.layout().format(center) : "");
        } else {
            center = ConfigException.at("data.center", () -> PointFile.center(data.center(), geometry,
                    "the ball centre"));
            centre = geometry.layout().format(center);
        }
        double[][] rows = points.points();
        String radius = "measured from the data (non-private)";
        if (data.radius() != null) {
            BallClip.Result result = ConfigException.at("data.file", () -> BallClip.apply(geometry, center,
                    data.radius(), "data.radius", points, data.clip(), "set 'clip: true' under data to move them onto the ball's "
                            + "boundary"));
            rows = result.points();
            notes.clipped(result.moved());
            if (result.moved() > 0) {
                notes.add(String.format(Locale.ROOT, "%d of %d rows of %s lay outside the ball of radius %s and were "
                        + "moved onto its boundary (clip: true; a count of the data, reported for the experiment, "
                        + "never part of a release)", result.moved(), rows.length, data.file(), data.radius()));
            }
            radius = "radius " + data.radius();
        }
        if (data.covariate() != null) {
            // records [y..., x] of an estimator with covariate records; the ball and the clip hold the points
            rows = CovariateColumn.appended(rows, points.covariate(data.covariate()));
        }
        return new FileSource(geometry, rows, center, data.radius(), data.template() != null
                && data.template().fromReleasedRows(), String.format("%d rows%s of %s%s on %s, ball centre %s, %s",
                        rows.length, subjects, data.file(), data.where() == null ? "" : " where "
                                + data.where().describe(), geometry.spec(), centre, radius));
    }

    /**
     * The estimator of the configuration's own parameters, for what file data need before the cells exist (its
     * parameter space, its covariate range); with placeholders among them, the estimator's defaults.
     */
    private Estimator fileEstimator() {
        Map<String, String> parameters = config.estimator().params();
        boolean perCell = parameters.values().stream().anyMatch(value -> !Placeholders.names(value).isEmpty());
        return estimator(perCell ? Map.of() : parameters);
    }

    /**
     * The covariate column of file data, with the estimator's public covariate range when it states one: a row
     * outside it is refused at reading, naming its line ({@code PointFile}), before any cell is built.
     */
    private CovariateColumn covariateColumn(String name) {
        Optional<double[]> range = fileEstimator().capability(CovariateRecords.class)
                .flatMap(CovariateRecords::covariateRange);
        return range.isPresent() ? CovariateColumn.of(name, range.get()[0], range.get()[1]) : CovariateColumn.of(name);
    }

    private Estimator estimator(Map<String, String> parameters) {
        String name = config.estimator().name();
        EstimatorProvider provider = ConfigException.at(config.estimator().path(),
                () -> components.estimators().provider(name));
        checkParameters("estimator '" + name + "'", provider.parameters(), parameters, "estimator.params",
                names(provider.parameters()));
        return ConfigException.at("estimator.params", () -> ConfigException.atParameters("estimator.params",
                () -> provider.create(parameters)));
    }

    private Mechanism mechanism(MechanismConfig entry, Map<String, String> parameters) {
        MechanismProvider provider = ConfigException.at(entry.path(),
                () -> components.mechanisms().provider(entry.name()));
        requireConsent(entry, provider, parameters);
        checkParameters("mechanism '" + entry.name() + "'", provider.parameters(), parameters,
                entry.path() + ".params", names(provider.parameters()));
        checkWorkLimits(entry, parameters);
        return ConfigException.at(entry.path() + ".params", () -> ConfigException.atParameters(entry.path()
                + ".params", () -> provider.create(parameters)));
    }

    /**
     * With a data-derived ball ({@code data: non-private: true} or the run's {@code non-private: true}) every
     * mechanism entry must consent explicitly with {@code non-private: true} in its own parameters; a mechanism
     * without that parameter cannot consent and is refused.
     */
    private void requireConsent(MechanismConfig entry, MechanismProvider provider, Map<String, String> parameters) {
        DataConfig data = config.data();
        String source = data.nonPrivate() && data.radius() == null
                ? "the data ball is measured from the data (data: non-private: true without a radius)"
                : data.nonPrivate() ? "the data section is marked non-private (data: non-private: true)"
                : config.nonPrivate() ? "the configuration is marked non-private (non-private: true), so bounds may "
                        + "come from the data" : null;
        if (source == null) {
            return;
        }
        boolean canConsent = provider.parameters().stream().anyMatch(spec -> spec.name().equals(NON_PRIVATE));
        if (!canConsent) {
            throw new ConfigException(entry.path(), String.format("%s, and mechanism '%s' has no '%s' parameter, so "
                    + "it cannot consent to data-derived bounds; remove it from this configuration or declare a "
                    + "public ball without non-private", source, entry.name(), NON_PRIVATE));
        }
        String given = parameters.get(NON_PRIVATE);
        if (given == null || !given.trim().equalsIgnoreCase("true")) {
            throw new ConfigException(entry.path() + ".params", String.format("%s; mechanism '%s' must consent "
                    + "itself: add non-private: true to its params (its releases are then marked not private). "
                    + "Provided value: %s", source, entry.name(),
                    given == null ? "(no non-private parameter)" : "non-private: " + given));
        }
    }

    /** Mechanism parameters that set the work of a release (MCMC steps, chains...) within {@link Limits}. */
    private static void checkWorkLimits(MechanismConfig entry, Map<String, String> parameters) {
        Limits.MECHANISM_PARAMETERS.forEach((key, limit) -> {
            String text = parameters.get(key);
            Long value = text == null ? null : Limits.integer(text);
            if (value != null) { // absent or not an integer: the mechanism's own check names it
                Limits.require(entry.path() + ".params." + key, "'" + key + "'", value, limit,
                        "it sets the work of every release: lower it");
            }
        });
    }

    private List<UtilityMeasure> utilities(Iterable<Geometry> geometries) {
        List<UtilityMeasure> measures = new ArrayList<>();
        for (int i = 0; i < config.utility().size(); i++) {
            String name = config.utility().get(i);
            String path = "utility[" + i + "]";
            UtilityMeasure measure = ConfigException.at(path, () -> components.utilities().provider(name)
                    .create(Map.of()));
            for (Geometry geometry : geometries) {
                measure.unsupported(geometry).ifPresent(why -> {
                    throw new ConfigException(path, String.format("the utility measure '%s' cannot be computed on "
                            + "%s: %s", name, geometry.spec(), why));
                });
            }
            measures.add(measure);
        }
        return measures;
    }

    private static List<String> names(List<ParameterSpec> specs) {
        return specs.stream().map(ParameterSpec::name).toList();
    }

    /** Unknown and missing parameters, reported at their own path with what is allowed. */
    static void checkParameters(String owner, List<ParameterSpec> specs, Map<String, String> given,
            String path, List<String> allowed) {
        Set<String> known = specs.stream().map(ParameterSpec::name).collect(Collectors.toSet());
        for (String key : given.keySet()) {
            if (!known.contains(key)) {
                throw new ConfigException(path + "." + key, String.format("%s takes no parameter '%s'; allowed: %s",
                        owner, key, allowed.isEmpty() ? "no parameters" : String.join(", ", allowed)));
            }
        }
        for (ParameterSpec spec : specs) {
            if (spec.isRequired() && !given.containsKey(spec.name())) {
                throw new ConfigException(path, String.format("%s needs the parameter '%s' (%s)", owner, spec.name(),
                        spec.description()));
            }
        }
    }
}
