package dev.manifolddp.mechanisms;

import dev.manifolddp.estimators.CovariateRecords;
import dev.manifolddp.estimators.Estimator;
import dev.manifolddp.geometry.ChartedRecords;
import dev.manifolddp.geometry.Geometry;
import dev.manifolddp.geometry.Records;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.Objects;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * Everything a release decides before it reads a record: the sensitivity, the noise scale and the rule that chose
 * it, the sampler and its proposal budget, the budget spent (delta included), the guarantee, the unit of privacy, the
 * public parameters and warnings. {@link Mechanism#calibrate} makes it from public inputs only (the estimator, the
 * geometry, the public ball, the record count n, the budget and the unit of privacy: it is handed no record and no
 * random source), so it can be shown, checked, refused or charted before the data are opened, and
 * {@link Mechanism#release(Calibration, double[][], UniformRandomProvider)} draws under it.
 *
 * <p>The published part of every release is the calibration's: {@link #seal} takes the released value, the random
 * source and the diagnostics from the draw and every other field from here, so nothing a mechanism computes from the
 * records can reach the published part, and a release's guarantee is never stronger than its calibration's. Should a
 * mechanism set a public field differently after reading the data (a bug: its text or presence could depend on the
 * records), the difference goes to the diagnostics as {@code publicDrift} and is never published;
 * {@code MechanismContractTest} fails on it.
 *
 * <p>Immutable: a mechanism keeps its own plan (e.g. KNG's sampler and proposal budget) in {@link #plan}.
 */
public final class Calibration {

    /** Placeholder value of the preview release that exposes the calibration's public part. */
    private static final double[] NO_VALUE = new double[0];

    private final Mechanism mechanism;
    private final Estimator estimator;
    private final Geometry geometry;
    private final DataBall ball;
    private final int n;
    private final Release.Builder<double[]> template;
    private final Object plan;
    private final PrivacyUnit unit;
    private final PrivacyBudget requested;
    /** The public part at one-record adjacency, as the mechanism calibrated it. */
    private final Release<double[]> recordLevel;
    /** The public part at the unit of privacy: what every release under this calibration publishes. */
    private final Release<double[]> published;

    private Calibration(Mechanism mechanism, Estimator estimator, Geometry geometry, DataBall ball, int n,
            Release.Builder<double[]> template, Object plan, PrivacyUnit unit, PrivacyBudget requested) {
        this.mechanism = mechanism;
        this.estimator = estimator;
        this.geometry = geometry;
        this.ball = ball;
        this.n = n;
        this.template = template;
        this.plan = plan;
        this.unit = unit;
        this.requested = requested;
        this.recordLevel = template.copy().value(NO_VALUE).build();
        this.published = atUnit(recordLevel);
    }

    /** {@code release}, calibrated per record, restated at this calibration's unit of privacy. */
    private Release<double[]> atUnit(Release<double[]> release) {
        // a record that carries a covariate is replaced as a (response, covariate) pair: the unit says so
        boolean covariates = estimator.capability(CovariateRecords.class).isPresent();
        if (unit.isRecord()) {
            return covariates ? release.withUnitOfPrivacy(release.budget(), Release.ONE_PAIR) : release;
        }
        return release.withUnitOfPrivacy(unit.spent(requested, release.budget()), unit.describe(covariates));
    }

    /**
     * A calibration at one-record adjacency.
     *
     * @param mechanism the mechanism that will draw under it
     * @param estimator the estimand
     * @param geometry  the data's manifold
     * @param ball      the public ball
     * @param n         the public record count, at least 1
     * @param template  the release's public part, filled from public values only (budget spent, sensitivity, scale,
     *                  parameters, warnings; for a chain the planned {@link SamplerReport}); copied, not kept
     * @param plan      the mechanism's own plan for the draw (null when it needs none)
     */
    public static Calibration of(Mechanism mechanism, Estimator estimator, Geometry geometry, DataBall ball, int n,
            Release.Builder<double[]> template, Object plan) {
        Objects.requireNonNull(mechanism, "mechanism");
        requireCount(mechanism.name(), n);
        return new Calibration(mechanism, estimator, geometry, ball, n, template.copy(), plan, PrivacyUnit.RECORD,
                template.budget());
    }

    /**
     * This calibration, made at the per-record budget {@code unit.perRecord(requested)}, restated for {@code unit}:
     * the budget spent becomes {@link PrivacyUnit#spent} and the unit's sentence is published.
     */
    Calibration atUnit(PrivacyUnit unit, PrivacyBudget requested) {
        Objects.requireNonNull(unit, "unit");
        return unit.isRecord() ? this
                : new Calibration(mechanism, estimator, geometry, ball, n, template, plan, unit, requested);
    }

    /** Fails unless {@code n} is a usable record count. */
    static void requireCount(String mechanism, int n) {
        if (n < 1) {
            throw new IllegalArgumentException(mechanism + ": the data set is empty; a release needs at least one "
                    + "record. Provided value: n = " + n);
        }
    }

    /** The records' count, or a refusal of a missing or empty data set. */
    static int count(double[][] data) {
        if (data == null || data.length == 0) {
            throw new IllegalArgumentException("the data set is empty; a release needs at least one record");
        }
        return data.length;
    }

    /**
     * Begins a release under this calibration by {@code drawer}: checks that the calibration is {@code drawer}'s,
     * that {@code data} holds the calibrated number of records and that each is a point of the geometry inside the
     * ball (offending rows listed), and returns a copy of the public part to complete with the value, the sampler's
     * report and diagnostics, together with the records charted by the ball check where the geometry has an
     * isometric chart (else null).
     */
    public Started start(Mechanism drawer, double[][] data, UniformRandomProvider random) {
        return start(drawer, data == null ? null : Records.of(data), random);
    }

    /** {@link #start(Mechanism, double[][], UniformRandomProvider)} of records in either layout. */
    public Started start(Mechanism drawer, Records data, UniformRandomProvider random) {
        if (drawer != mechanism) {
            throw new IllegalArgumentException(String.format("%s cannot draw under a calibration made by %s; "
                    + "calibrate with the mechanism that releases. Provided value: %s", drawer.name(),
                    mechanism.name(), mechanism.name()));
        }
        if (random == null) {
            throw new IllegalArgumentException(mechanism.name() + ": random must not be null. Provided value: null");
        }
        if (data == null || data.size() != n) {
            throw new IllegalArgumentException(String.format("%s: the calibration is for n = %d records, and the "
                    + "data set has %s; calibrate for the records released (n is public). Provided value: %s",
                    mechanism.name(), n, data == null ? "none" : String.valueOf(data.size()),
                    data == null ? "null" : String.valueOf(data.size())));
        }
        // records that carry a covariate after the point (CovariateRecords): the ball holds the responses, and the
        // covariates are checked against the estimator's public range, both before anything is drawn
        Records points = CovariateRecords.ballPoints(estimator, geometry, data);
        ChartedRecords charted = ball.requireContainsCharted(geometry, points);
        return new Started(template.copy().randomSource(random.toString()), points != data ? null : charted);
    }

    /** A release begun by {@link #start}: its builder and the charted records (null without a chart). */
    public record Started(Release.Builder<double[]> release, ChartedRecords charted) {
    }

    /**
     * The published release: the value, random source and diagnostics of the completed {@code drawing}, the facts it
     * states as functions of the value ({@link Release.Builder#valueParameter}, {@link Release.Builder#valueWarning}),
     * and every other field from this calibration (at its unit of privacy). A public field that the drawing states
     * differently is a mechanism's bug; it is recorded in the diagnostics ({@code publicDrift}), not published, and
     * the guarantee is the weaker of the two.
     */
    public Release<double[]> seal(Release.Builder<double[]> drawing) {
        Map<String, Object> valueParameters = new LinkedHashMap<>(drawing.valueParameters());
        List<String> valueWarnings = new ArrayList<>(drawing.valueWarnings());
        Release<double[]> drawn = drawing.build();
        if (recordLevel.guarantee() == Guarantee.NOT_PRIVATE) {
            // nothing to protect: a non-private release (a data-derived bound the caller asked for) may state bounds
            // it read off the records, e.g. data-derived coordinate ranges
            return atUnit(drawn);
        }
        List<String> drift = drift(drawn, valueParameters, valueWarnings);
        ReleaseDiagnostics diagnostics = drawn.diagnostics();
        if (!drift.isEmpty()) {
            Map<String, Object> values = new LinkedHashMap<>(diagnostics.values());
            values.put("publicDrift", drift);
            List<String> warnings = new ArrayList<>(diagnostics.warnings());
            warnings.add("the mechanism changed public fields after reading the data (" + String.join("; ", drift)
                    + "); they were not published. Please report this");
            diagnostics = new ReleaseDiagnostics(diagnostics.sampler(), values, warnings);
        }
        Map<String, Object> parameters = new LinkedHashMap<>(published.parameters());
        valueParameters.forEach(parameters::putIfAbsent);
        List<String> warnings = new ArrayList<>(published.warnings());
        warnings.addAll(valueWarnings);
        return new Release<>(published.mechanism(), drawn.value(), published.budget(),
                Guarantee.weakest(published.guarantee(), drawn.guarantee()), published.unitOfPrivacy(),
                published.sensitivity(), published.sigma(), published.sigmaRule(), drawn.randomSource(), parameters,
                warnings, published.dataDerived(), diagnostics);
    }

    private List<String> drift(Release<double[]> drawn, Map<String, Object> valueParameters,
            List<String> valueWarnings) {
        List<String> drift = new ArrayList<>();
        if (drawn.guarantee() != recordLevel.guarantee()) {
            drift.add("guarantee " + drawn.guarantee() + " instead of " + recordLevel.guarantee());
        }
        if (!drawn.budget().equals(recordLevel.budget())) {
            drift.add("budget " + drawn.budget() + " instead of " + recordLevel.budget());
        }
        if (Double.compare(drawn.sensitivity(), recordLevel.sensitivity()) != 0
                || Double.compare(drawn.sigma(), recordLevel.sigma()) != 0
                || !drawn.sigmaRule().equals(recordLevel.sigmaRule())) {
            drift.add("sensitivity, sigma or sigma rule");
        }
        Map<String, Object> parameters = new LinkedHashMap<>(drawn.parameters());
        valueParameters.keySet().stream().filter(key -> !recordLevel.parameters().containsKey(key))
                .forEach(parameters::remove);
        if (!parameters.equals(recordLevel.parameters())) {
            List<String> keys = new ArrayList<>();
            parameters.forEach((key, value) -> {
                if (!Objects.equals(recordLevel.parameters().get(key), value)) {
                    keys.add(key);
                }
            });
            recordLevel.parameters().keySet().stream().filter(k -> !parameters.containsKey(k)).forEach(keys::add);
            drift.add("parameters " + keys);
        }
        List<String> warnings = new ArrayList<>(drawn.warnings());
        valueWarnings.forEach(warnings::remove);
        if (!warnings.equals(recordLevel.warnings())) {
            drift.add("warnings");
        }
        if (drawn.dataDerived() != recordLevel.dataDerived()) {
            drift.add("data-derived mark");
        }
        return drift;
    }

    /** The mechanism that made this calibration and draws under it. */
    public Mechanism mechanism() {
        return mechanism;
    }

    public Estimator estimator() {
        return estimator;
    }

    public Geometry geometry() {
        return geometry;
    }

    public DataBall ball() {
        return ball;
    }

    /** The public record count the calibration is for. */
    public int n() {
        return n;
    }

    /** The unit of privacy the published budget is stated at. */
    public PrivacyUnit unit() {
        return unit;
    }

    /** The budget every release under this calibration spends, at the unit of privacy (delta included). */
    public PrivacyBudget budget() {
        return published.budget();
    }

    /** The guarantee every release under this calibration states. */
    public Guarantee guarantee() {
        return published.guarantee();
    }

    public double sensitivity() {
        return published.sensitivity();
    }

    public double sigma() {
        return published.sigma();
    }

    /** The calibration rule's description. */
    public String sigmaRule() {
        return published.sigmaRule();
    }

    /** The public parameters and choices (sampler, proposal budget, acceptance bound, ...). */
    public Map<String, Object> parameters() {
        return published.parameters();
    }

    /** The public warnings every release under this calibration carries. */
    public List<String> warnings() {
        return published.warnings();
    }

    /** True when a bound was derived from the data (the caller marked the run non-private). */
    public boolean dataDerived() {
        return published.dataDerived();
    }

    /** The unit-of-privacy sentence. */
    public String unitOfPrivacy() {
        return published.unitOfPrivacy();
    }

    /**
     * The public parameter in which a mechanism whose whole release is rho-zCDP at one-record adjacency states rho
     * (the lattice Gaussians: {@code rho = Delta_g^2 / (2 sigma^2)}, docs/floating-point-noise.md).
     */
    public static final String ZCDP_RHO = "noiseRho";

    /**
     * The zCDP parameter rho of every release under this calibration, at its unit of privacy, when the mechanism
     * states one ({@link #ZCDP_RHO}): a subject of at most M records changes the release as M records do, so rho
     * becomes {@code M^2 rho} (group privacy for zCDP, Bun and Steinke 2016, Prop. 27). Empty for mechanisms whose
     * guarantee is stated as (epsilon, delta) only, and for releases that are not private or whose guarantee is not
     * proven. A ledger composes such releases under zCDP (docs/accounting.md).
     */
    public OptionalDouble zcdpRho() {
        Object rho = recordLevel.parameters().get(ZCDP_RHO);
        if (!(rho instanceof Number number) || !(number.doubleValue() > 0) || !Double.isFinite(number.doubleValue())
                || !guarantee().isProven()) {
            return OptionalDouble.empty();
        }
        double m = unit.recordsPerSubject();
        return OptionalDouble.of(m * m * number.doubleValue());
    }

    /** True when the draw will be a Metropolis-Hastings chain (guarantee {@code mcmc} at best). */
    public boolean mcmc() {
        return recordLevel.sampler().isMcmc();
    }

    /**
     * The mechanism's own plan, of the type it stored; a plan of another type means the calibration was made by
     * another mechanism, which is refused as {@link #start} refuses it, whichever a release asks first.
     */
    public <P> P plan(Class<P> type) {
        if (plan != null && !type.isInstance(plan)) {
            throw new IllegalArgumentException(String.format("this calibration was made by %s, whose plan is not a "
                    + "%s; calibrate with the mechanism that releases. Provided value: %s", mechanism.name(),
                    type.getSimpleName(), mechanism.name()));
        }
        return type.cast(plan);
    }
}
