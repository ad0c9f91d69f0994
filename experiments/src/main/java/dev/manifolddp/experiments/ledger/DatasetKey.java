package dev.manifolddp.experiments.ledger;

/**
 * What the budget ledger keys a dataset by: the SHA-256 of the file's bytes (so a renamed or copied file is the same
 * dataset, and an edited one is another), plus the subject column when one groups the records (the unit of privacy
 * differs, and so does the account). The hash is of the bytes the release read, so a file changed between reading
 * and accounting cannot be charged to the wrong account.
 *
 * @param sha256        the file content's SHA-256, lower-case hex
 * @param subjectColumn the subject column, or null
 */
public record DatasetKey(String sha256, String subjectColumn) {

    public DatasetKey {
        if (sha256 == null || !sha256.matches("[0-9a-f]{64}")) {
            throw new IllegalArgumentException("a dataset key needs the SHA-256 of the file (64 hex digits). "
                    + "Provided value: " + sha256);
        }
    }

    /** {@code sha256:<hex>} or {@code sha256:<hex>|subject=<column>}: the ledger's key. */
    public String text() {
        return "sha256:" + sha256 + (subjectColumn == null ? "" : "|subject=" + subjectColumn);
    }
}
