package dev.manifolddp.engines.spark;

import org.apache.spark.SparkConf;

/** The Spark configuration of an {@code mdp} job. */
final class SparkContexts {

    private SparkContexts() {
    }

    /**
     * {@code spark.*} settings from {@code spark-submit} (system properties) are kept; {@code --master} overrides the
     * master; without either the job runs on every core of this machine. The web UI and Spark's console progress bar
     * are off unless asked for: {@code mdp} draws its own bar.
     */
    static SparkConf conf(String master, String application) {
        SparkConf conf = new SparkConf().setAppName(application);
        if (master != null) {
            if (master.isBlank()) {
                throw new IllegalArgumentException("--master must name a cluster, e.g. local[2], spark://host:7077 "
                        + "or yarn. Provided value: '" + master + "'");
            }
            conf.setMaster(master);
        } else if (!conf.contains("spark.master")) {
            conf.setMaster("local[*]");
        }
        conf.setIfMissing("spark.ui.enabled", "false");
        conf.setIfMissing("spark.ui.showConsoleProgress", "false");
        return conf;
    }
}
