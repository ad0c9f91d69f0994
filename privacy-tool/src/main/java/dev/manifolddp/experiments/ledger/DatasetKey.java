package dev.manifolddp.experiments.ledger;

import java.util.function.Supplier;

/**
 * The account a release is charged to: one per dataset, whatever the unit of privacy of its releases (records or
 * subjects: the ledger converts, docs/accounting.md). The dataset is the identity its owner declares
 * ({@code --dataset NAME}), or else the file's canonical content: the digest of its rows independent of their order,
 * of the columns' order and of how numbers are written ({@code CanonicalContent}), so that reordering or reformatting
 * a file does not open a fresh account. Accounts of earlier ledgers were keyed by the file's bytes
 * ({@code sha256:<hex>}, with {@code |subject=<column>}); they are still charged to the dataset whose file has those
 * bytes ({@link #continues}).
 *
 * @param declared      the identity the owner declared, or null
 * @param contentSha256 the file's canonical content digest, lower-case hex
 * @param fileSha256    the SHA-256 of the file's bytes, lower-case hex (for the accounts of earlier ledgers), asked for
 *                      only when a ledger holds such an account: a large file is hashed on that first use
 */
public record DatasetKey(String declared, String contentSha256, Supplier<String> fileSha256) {

    /** The longest declared identity. */
    public static final int MAX_NAME = 200;

    public DatasetKey {
        if (declared != null && (declared.isBlank() || declared.length() > MAX_NAME
                || declared.chars().anyMatch(Character::isISOControl))) {
            throw new IllegalArgumentException("--dataset: a dataset's name must be 1 to " + MAX_NAME + " printable "
                    + "characters, the same for every release of the same people. Provided value: " + declared);
        }
        requireHex("content digest", contentSha256);
        if (fileSha256 == null) {
            throw new IllegalArgumentException("a dataset key needs the file digest (64 hex digits). Provided value: "
                    + "null");
        }
    }

    /** A key whose file digest is known. */
    public DatasetKey(String declared, String contentSha256, String fileSha256) {
        this(declared, contentSha256, known(fileSha256));
    }

    private static Supplier<String> known(String fileSha256) {
        requireHex("file digest", fileSha256);
        return () -> fileSha256;
    }

    private static void requireHex(String what, String hex) {
        if (hex == null || !hex.matches("[0-9a-f]{64}")) {
            throw new IllegalArgumentException("a dataset key needs the " + what + " (64 hex digits). Provided value: "
                    + hex);
        }
    }

    /** {@code dataset:<name>} when declared, else {@code content:<hex>}: the ledger's account key. */
    public String text() {
        return declared != null ? "dataset:" + declared : "content:" + contentSha256;
    }

    /** True when {@code ledgerKey} is an earlier ledger's account for this file's bytes (any subject column). */
    public boolean continues(String ledgerKey) {
        if (!ledgerKey.startsWith("sha256:")) {
            return false; // no earlier ledger's account: the file's bytes need no digest
        }
        String hex = fileSha256.get();
        requireHex("file digest", hex);
        String legacy = "sha256:" + hex;
        return ledgerKey.equals(legacy) || ledgerKey.startsWith(legacy + "|");
    }
}
