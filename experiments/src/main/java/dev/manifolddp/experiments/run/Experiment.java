package dev.manifolddp.experiments.run;

import dev.manifolddp.estimators.CovariateRecords;
import dev.manifolddp.experiments.config.ExperimentConfig;
import dev.manifolddp.experiments.config.MechanismConfig;
import dev.manifolddp.experiments.config.SweepAxis;
import dev.manifolddp.experiments.spi.StreamLayout;
import dev.manifolddp.mechanisms.PrivacyUnit;
import dev.manifolddp.utility.UtilityMeasure;
import java.util.List;

/**
 * An experiment ready to run: its configuration with every component created and checked, and the run settings.
 *
 * @param config       the configuration it was built from
 * @param cells        the sweep's cells, by index
 * @param utilities    the utility measures, in configuration order
 * @param replicates   replicates per cell after {@code --scale}
 * @param options      the run settings
 * @param threads      the worker threads the run will use
 * @param dataNotes    facts about the data for the report (e.g. how many file rows were clipped)
 * @param clippedRows  file rows moved onto the ball's boundary (0 for generated data)
 * @param gallery      the releases to keep and draw ({@code pictures}), or null
 */
public record Experiment(ExperimentConfig config, List<Cell> cells, List<UtilityMeasure> utilities, int replicates,
        RunOptions options, int threads, List<String> dataNotes, int clippedRows, GalleryPlan gallery) {

    public Experiment {
        cells = List.copyOf(cells);
        utilities = List.copyOf(utilities);
        dataNotes = List.copyOf(dataNotes);
    }

    public List<SweepAxis> axes() {
        return config.sweep();
    }

    public List<MechanismConfig> mechanisms() {
        return config.mechanisms();
    }

    /** Releases the run will make: cells x replicates x mechanisms. */
    public long releases() {
        return (long) cells.size() * replicates * mechanisms().size();
    }

    /**
     * What adjacent datasets differ in: one record, or with {@code data: subject} the records of one subject
     * (group privacy over the public bound {@code records-per-subject}).
     */
    public String unitOfPrivacy() {
        boolean covariates = !cells.isEmpty()
                && cells.get(0).estimator().capability(CovariateRecords.class).isPresent();
        return PrivacyUnit.subjects(config.data().subject() != null ? config.data().recordsPerSubject() : 1)
                .describe(covariates);
    }

    public StreamLayout streams() {
        return new StreamLayout(config.seed(), mechanisms().size());
    }
}
