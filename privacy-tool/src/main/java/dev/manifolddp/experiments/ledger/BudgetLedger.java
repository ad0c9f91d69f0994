package dev.manifolddp.experiments.ledger;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.manifolddp.experiments.data.AtomicFile;
import dev.manifolddp.mechanisms.PrivacyBudget;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The privacy budget spent on each dataset, kept across {@code mdp release} calls: repeated releases of the same
 * data compose (their noise averages away), so each one is charged to the dataset's account and checked against the
 * total its owner declared. One account per dataset ({@link DatasetKey}), whatever the unit of privacy: record-level
 * releases are converted to the subject level by group privacy when a subject-level release is in force. Composition
 * is the tightest of basic composition (the epsilons add and the deltas add) and zCDP for the releases that state a
 * rho and the pure ones ({@link Composition}). Every release is counted, whatever its guarantee; a not-private one
 * voids the account's guarantee, which every later release says (docs/accounting.md).
 *
 * <p>The file is JSON ({@link #FORMAT}); accounts are keyed by {@link DatasetKey#text()}. It is read and written
 * while holding an exclusive lock on a sibling {@code .lock} file, and written atomically ({@link AtomicFile}). A file
 * that cannot be read as a ledger is an error naming it: it is never reset, since that would forget spent budget.
 */
public final class BudgetLedger implements AutoCloseable {

    /** The format tag at the top of a ledger file. */
    public static final String FORMAT = "manifolddp-budget-ledger/1";

    /** Relative slack of the comparison with the total, so that 0.1 + 0.2 fits in a total of 0.3. */
    private static final double SLACK = 1e-9;


    /**
     * A declared total budget for a dataset.
     *
     * @param epsilon the total epsilon, finite and {@code > 0}
     * @param delta   the total delta, in {@code [0, 1)}
     */
    public record Total(double epsilon, double delta) {

        PrivacyBudget budget() {
            return new PrivacyBudget(epsilon, delta);
        }

        @Override
        public String toString() {
            return amount(epsilon, delta);
        }
    }

    private final Path file;
    private final FileChannel lockChannel;
    private final FileLock lock;
    private final ObjectNode root;

    private BudgetLedger(Path file, FileChannel lockChannel, FileLock lock, ObjectNode root) {
        this.file = file;
        this.lockChannel = lockChannel;
        this.lock = lock;
        this.root = root;
    }

    /**
     * Opens (and locks) the ledger at {@code file}; an absent file is an empty ledger.
     *
     * @throws IllegalArgumentException naming the file when it cannot be locked or read, or is not a ledger
     */
    public static BudgetLedger open(Path file) {
        if (file == null) {
            throw new IllegalArgumentException("--ledger: no file given (null)");
        }
        Path absolute = file.toAbsolutePath();
        FileChannel channel = null;
        try {
            Files.createDirectories(absolute.getParent());
            channel = FileChannel.open(absolute.resolveSibling(absolute.getFileName() + ".lock"),
                    StandardOpenOption.CREATE, StandardOpenOption.WRITE);
            FileLock lock;
            try {
                lock = channel.lock();
            } catch (OverlappingFileLockException e) {
                throw new IllegalArgumentException("--ledger " + file + ": another release in this process holds the "
                        + "ledger; releases that share a ledger run one after the other (wait for it to finish)", e);
            }
            return new BudgetLedger(file, channel, lock, load(file));
        } catch (IOException | RuntimeException e) {
            closeQuietly(channel);
            if (e instanceof IllegalArgumentException illegal) {
                throw illegal;
            }
            throw new IllegalArgumentException("--ledger " + file + ": cannot open the budget ledger: "
                    + e.getMessage(), e);
        }
    }

    private static ObjectNode load(Path file) throws IOException {
        if (Files.isDirectory(file)) {
            throw corrupt(file, "it is a folder");
        }
        if (!Files.exists(file)) {
            ObjectNode root = LedgerJson.object();
            root.put("format", FORMAT);
            root.putObject("datasets");
            return root;
        }
        JsonNode root;
        try {
            root = LedgerJson.read(Files.readString(file, StandardCharsets.UTF_8));
        } catch (JsonProcessingException e) {
            throw corrupt(file, e.getLocation() == null ? "it is not JSON" : String.format(Locale.ROOT,
                    "it is not JSON (line %d, column %d)", e.getLocation().getLineNr(),
                    e.getLocation().getColumnNr()));
        } catch (CharacterCodingException e) {
            throw corrupt(file, "it is not JSON (not UTF-8 text)");
        }
        if (root == null || !root.isObject() || !FORMAT.equals(root.path("format").asText(null))) {
            throw corrupt(file, "it does not start with \"format\": \"" + FORMAT + "\"");
        }
        JsonNode datasets = root.get("datasets");
        if (datasets == null || !datasets.isObject()) {
            throw corrupt(file, "it has no \"datasets\" object");
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = datasets.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> account = it.next();
            validate(file, account.getKey(), account.getValue());
        }
        return (ObjectNode) root;
    }

    private static void validate(Path file, String key, JsonNode account) {
        if (!account.isObject() || !account.path("releases").isArray()) {
            throw corrupt(file, "dataset " + key + " has no \"releases\" list");
        }
        JsonNode total = account.get("total");
        if (total != null && !total.isNull()) {
            requireBudget(file, key + " total", total);
        }
        int index = 0;
        for (JsonNode release : account.get("releases")) {
            requireBudget(file, key + " release " + index++, release);
        }
    }

    private static void requireBudget(Path file, String what, JsonNode node) {
        JsonNode epsilon = node.get("epsilon");
        JsonNode delta = node.get("delta");
        if (epsilon == null || !epsilon.isNumber() || delta == null || !delta.isNumber()) {
            throw corrupt(file, what + " lacks a numeric epsilon and delta");
        }
        try {
            new PrivacyBudget(epsilon.asDouble(), delta.asDouble());
        } catch (IllegalArgumentException e) {
            throw corrupt(file, what + ": " + e.getMessage());
        }
    }

    private static IllegalArgumentException corrupt(Path file, String why) {
        return new IllegalArgumentException(String.format("--ledger %s is not a readable budget ledger: %s. It was "
                + "left unchanged and is never reset automatically (that would forget spent budget): repair it, or "
                + "move it away only if no release was made from the data it accounts for", file, why));
    }

    /**
     * What an account has spent, composed at its strictest unit of privacy: when any of its releases (or the one
     * asked for) protects subjects of at most M records, every record-level release counts as
     * {@code (M epsilon, M e^((M - 1) epsilon) delta)} and {@code M^2 rho} (group privacy, Dwork and Roth 2014,
     * Thm 2.2; Bun and Steinke 2016, Prop. 27), and the amounts compose by the tightest accountant
     * ({@link Composition}).
     *
     * @param epsilon           the composed epsilon, at the account's unit
     * @param delta             the composed delta, at the account's unit
     * @param recordsPerSubject M when the unit is one subject, else 0
     * @param releases          the releases counted
     * @param accountant        which composition gave the bound, in words
     * @param zcdp              true when zCDP gave the bound (then delta is the delta it was converted at, and a
     *                          next release's cost is not additive)
     * @param basicEpsilon      the same releases' epsilon by basic composition (for comparison)
     * @param basicDelta        their delta by basic composition
     * @param notes             what the console should say about the account: conversions, and releases whose
     *                          guarantee was not proven or void
     */
    public record Spending(double epsilon, double delta, int recordsPerSubject, int releases, String accountant,
            boolean zcdp, double basicEpsilon, double basicDelta, List<String> notes) {
    }

    /**
     * A release asked for, as the ledger charges it.
     *
     * @param budget the (epsilon, delta) it spends at its unit
     * @param rho    its zCDP parameter at its unit, or NaN when it states none
     * @param pure   true when it is pure epsilon-DP (delta 0, guarantee pure)
     * @param column the public column its rows were selected by ({@code --where}), or null for every row
     * @param values the selected values of {@code column} (null without a selection)
     */
    public record Request(PrivacyBudget budget, double rho, boolean pure, String column, List<String> values) {

        /** A release of every row stated as (epsilon, delta) only; pure when delta is 0. */
        public static Request of(PrivacyBudget budget) {
            return new Request(budget, Double.NaN, budget.delta() == 0, null, null);
        }

        ParallelComposition.Selection selection() {
            return column == null ? null : new ParallelComposition.Selection(column, values);
        }
    }

    /** The releases charged to {@code key}: its account's, and those of earlier ledgers' accounts for its file. */
    private List<JsonNode> entries(DatasetKey key) {
        List<JsonNode> entries = new ArrayList<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = datasets().fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> account = it.next();
            if (account.getKey().equals(key.text()) || key.continues(account.getKey())) {
                boolean legacySubjects = account.getKey().contains("|subject=");
                for (JsonNode release : account.getValue().get("releases")) {
                    if (legacySubjects && !release.has("recordsPerSubject")) {
                        // an earlier ledger's subject account: per subject, bound not recorded
                        ObjectNode copy = release.deepCopy();
                        copy.put("recordsPerSubject", 1);
                        entries.add(copy);
                    } else {
                        entries.add(release);
                    }
                }
            }
        }
        return entries;
    }

    /**
     * The composed spending on {@code key}, with {@code request} at {@code requestRecordsPerSubject} (0: record level)
     * included when it is not null.
     */
    public Spending spending(DatasetKey key, Request request, int requestRecordsPerSubject) {
        Total total = total(key);
        return compose(key, request, requestRecordsPerSubject, 0, total == null ? Double.NaN : total.delta());
    }

    /**
     * {@link #spending}, at a subject bound of at least {@code floor} (the unit a new release puts in force), with
     * zCDP converted at {@code deltaTarget} (the declared total's delta; NaN: the basic composition's delta).
     */
    private Spending compose(DatasetKey key, Request request, int requestRecordsPerSubject, int floor,
            double deltaTarget) {
        return compose(entries(key), request, requestRecordsPerSubject, floor, deltaTarget);
    }

    private static Spending compose(List<JsonNode> entries, Request request, int requestRecordsPerSubject, int floor,
            double deltaTarget) {
        int bound = Math.max(floor, request == null ? 0 : requestRecordsPerSubject);
        for (JsonNode entry : entries) {
            bound = Math.max(bound, entry.path("recordsPerSubject").asInt(0));
        }
        List<ParallelComposition.Selected> charges = new ArrayList<>();
        int converted = 0;
        int voided = 0;
        int approximate = 0;
        String firstVoid = null;
        for (JsonNode entry : entries) {
            String guarantee = entry.path("guarantee").asText("");
            boolean proven = guarantee.equals("pure") || guarantee.equals("epsilon-delta");
            JsonNode rho = entry.get("rho");
            boolean recordLevel = bound > 1 && entry.path("recordsPerSubject").asInt(0) == 0;
            if (recordLevel) {
                converted++;
            }
            charges.add(new ParallelComposition.Selected(charge(entry.get("epsilon").asDouble(),
                    entry.get("delta").asDouble(), proven && rho != null && rho.isNumber() ? rho.asDouble()
                            : Double.NaN, guarantee.equals("pure"), recordLevel ? bound : 1), selection(entry)));
            if (guarantee.equals("not-private")) {
                voided++;
                if (firstVoid == null) {
                    firstVoid = entry.path("time").asText("?") + " (" + entry.path("mechanism").asText("?") + ")";
                }
            } else if (guarantee.equals("mcmc") || guarantee.equals("unproven")) {
                approximate++;
            }
        }
        if (request != null) {
            boolean recordLevel = bound > 1 && requestRecordsPerSubject == 0;
            if (recordLevel) {
                converted++;
            }
            charges.add(new ParallelComposition.Selected(charge(request.budget().epsilon(), request.budget().delta(),
                    request.rho(), request.pure(), recordLevel ? bound : 1), request.selection()));
        }
        double basicDelta = 0;
        for (ParallelComposition.Selected charge : charges) {
            basicDelta += charge.charge().delta();
        }
        ParallelComposition.Worst worst = ParallelComposition.compose(charges,
                Double.isNaN(deltaTarget) ? Math.min(basicDelta, MAX_DELTA) : deltaTarget, bound > 1);
        Composition.Result composed = worst.result();
        List<String> notes = new ArrayList<>();
        if (worst.record() != null) {
            notes.add(String.format(Locale.ROOT, "releases of rows selected by public columns compose in parallel "
                    + "(McSherry 2009): a record is reached only by the releases that select its values, and the "
                    + "account is charged for the worst record (%s), reached by %d of the %d release(s)",
                    worst.record(), composed.releases(), charges.size()));
        }
        if (converted > 0) {
            notes.add(String.format(Locale.ROOT, "this dataset's account protects one subject (at most %d records "
                    + "each, the bound of its subject-level releases): %d record-level release(s) count as "
                    + "(%d epsilon, %d e^(%d epsilon) delta) each (group privacy; docs/accounting.md)", bound,
                    converted, bound, bound, bound - 1));
        }
        if (voided > 0) {
            notes.add(String.format(Locale.ROOT, "the account's guarantee is VOID: %d release(s) on this dataset were "
                    + "not private (the first at %s), so no total bounds what has been disclosed; later releases "
                    + "are charged but cannot restore it", voided, firstVoid));
        }
        if (approximate > 0) {
            notes.add(String.format(Locale.ROOT, "%d release(s) on this dataset were only approximately private or "
                    + "unproven (guarantee mcmc or unproven): the account's total holds only as well as they do",
                    approximate));
        }
        return new Spending(composed.epsilon(), composed.delta(), bound > 1 ? bound : 0,
                entries.size() + (request == null ? 0 : 1), composed.accountant(), composed.zcdp(),
                composed.basicEpsilon(), composed.basicDelta(), notes);
    }

    /** The public selection an entry records, or null for a release of every row. */
    private static ParallelComposition.Selection selection(JsonNode entry) {
        JsonNode column = entry.get("selectionColumn");
        JsonNode values = entry.get("selectionValues");
        if (column == null || !column.isTextual() || values == null || !values.isArray() || values.isEmpty()) {
            return null;
        }
        List<String> list = new ArrayList<>();
        values.forEach(v -> list.add(v.asText()));
        return new ParallelComposition.Selection(column.asText(), list);
    }

    /** The largest delta a zCDP conversion is made at when no total is declared. */
    private static final double MAX_DELTA = 0.5;

    /** One release's cost at the account's unit: a record-level release at subject bound M is group-converted. */
    private static Composition.Charge charge(double epsilon, double delta, double rho, boolean pure, int group) {
        if (group <= 1) {
            return new Composition.Charge(epsilon, delta, rho, pure && delta == 0);
        }
        return new Composition.Charge(group * epsilon, groupDelta(epsilon, delta, group),
                Double.isNaN(rho) ? rho : (double) group * group * rho, pure && delta == 0);
    }

    /** {@code M e^((M - 1) epsilon) delta}, 0 for a pure release (and never NaN). */
    private static double groupDelta(double epsilon, double delta, int bound) {
        return delta == 0 ? 0 : Math.min(1, bound * Math.exp((bound - 1) * epsilon) * delta);
    }

    /** The budget spent on {@code key} so far (composed at the account's unit), zero when nothing was spent. */
    public double[] spent(DatasetKey key) {
        Spending spending = spending(key, (Request) null, 0);
        return new double[] {spending.epsilon(), spending.delta()};
    }

    /** The number of releases charged to {@code key}. */
    public int releases(DatasetKey key) {
        return entries(key).size();
    }

    /** The total declared for {@code key} (on its account, else on an earlier ledger's account for its file), or null. */
    public Total total(DatasetKey key) {
        Total own = total(datasets().get(key.text()));
        if (own != null) {
            return own;
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = datasets().fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> account = it.next();
            if (key.continues(account.getKey())) {
                Total legacy = total(account.getValue());
                if (legacy != null) {
                    return legacy;
                }
            }
        }
        return null;
    }

    private static Total total(JsonNode account) {
        JsonNode total = account == null ? null : account.get("total");
        return total == null || total.isNull() ? null : new Total(total.get("epsilon").asDouble(),
                total.get("delta").asDouble());
    }

    /**
     * Checks that spending {@code request} (at {@code recordsPerSubject}, 0 for record level) on {@code key} stays
     * within its total, composed at the account's strictest unit: {@code declared} when given (it must match a total
     * already in the ledger unless {@code override}), else the ledger's. Runs before anything is drawn.
     *
     * @return notes for the console (no total declared, the release is recorded all the same; unit conversions;
     *     releases that voided or weakened the account; an overridden total or budget) and whether
     *     {@code override} was used, which the ledger entry records
     * @throws IllegalArgumentException when the request exceeds what is left (naming what was spent and what is
     *     left, and what to change) or the declared total contradicts the ledger's, and {@code override} is false
     */
    public Check check(DatasetKey key, PrivacyBudget request, int recordsPerSubject, Total declared,
            boolean override) {
        return check(key, Request.of(request), recordsPerSubject, declared, override);
    }

    /** {@link #check(DatasetKey, PrivacyBudget, int, Total, boolean)} for a release that may state a zCDP rho. */
    public Check check(DatasetKey key, Request request, int recordsPerSubject, Total declared,
            boolean override) {
        List<String> warnings = new ArrayList<>();
        boolean overridden = false;
        Total stored = total(key);
        if (declared != null && stored != null && !declared.equals(stored)) {
            if (!override) {
                throw new IllegalArgumentException(String.format(Locale.ROOT, "--total-epsilon/--total-delta: the "
                        + "budget ledger %s already declares the total %s for this dataset, and %s differs; a total "
                        + "is fixed once declared. Drop --total-epsilon/--total-delta, or pass --override-budget to "
                        + "replace it", file, stored, declared));
            }
            warnings.add("OVERRIDE: the dataset's declared total changes from " + stored + " to " + declared);
            overridden = true;
        }
        Total total = declared != null ? declared : stored;
        double deltaTarget = total == null ? Double.NaN : total.delta();
        Spending after = compose(key, request, recordsPerSubject, 0, deltaTarget);
        warnings.addAll(after.notes());
        if (after.zcdp()) {
            warnings.add("the account composes by " + after.accountant() + " (docs/accounting.md)");
        }
        if (total == null) {
            warnings.add(String.format(Locale.ROOT, "no total privacy budget is declared for this dataset, so "
                    + "nothing limits repeated releases; the ledger %s records this one (with it, %d release(s) "
                    + "spending %s in all). Declare the total with --total-epsilon (and --total-delta)", file,
                    after.releases(), amount(after.epsilon(), after.delta())));
            return new Check(warnings, overridden);
        }
        // the past at the unit this release puts in force, and what the release adds to it
        Spending spentAtUnit = compose(key, null, 0, after.recordsPerSubject(), deltaTarget);
        double needEpsilon = after.epsilon() - spentAtUnit.epsilon();
        double needDelta = after.delta() - spentAtUnit.delta();
        boolean exceeds = after.epsilon() > total.epsilon() * (1 + SLACK) || after.delta() > total.delta() * (1 + SLACK);
        if (exceeds) {
            String message = String.format(Locale.ROOT, "the release needs %s but the dataset's budget has only "
                    + "%s left: the ledger %s records %s spent in %d release(s) out of the declared total "
                    + "(--total-epsilon, --total-delta) %s%s",
                    amount(needEpsilon, needDelta), amount(Math.max(0, total.epsilon() - spentAtUnit.epsilon()),
                            Math.max(0, total.delta() - spentAtUnit.delta())), file,
                    amount(spentAtUnit.epsilon(), spentAtUnit.delta()), spentAtUnit.releases(), total,
                    after.recordsPerSubject() > 0 ? " (per subject of at most " + after.recordsPerSubject()
                            + " records)" : "");
            if (!override) {
                throw new IllegalArgumentException(message + ". Nothing was drawn or written. " + advice(total,
                        needEpsilon, needDelta, spentAtUnit));
            }
            warnings.add("OVERRIDE: " + message + "; --override-budget spends it anyway, and the ledger records "
                    + "the excess");
            overridden = true;
        }
        return new Check(warnings, overridden);
    }

    /**
     * What {@link #check} found.
     *
     * @param notes      the console notes, in order
     * @param overridden whether {@code --override-budget} replaced the declared total or spent past it (the ledger
     *                   entry records it; its notes start with "OVERRIDE:")
     */
    public record Check(List<String> notes, boolean overridden) {

        public Check {
            notes = List.copyOf(notes);
        }
    }

    /** What to change when a release does not fit: the amount that would, or why no amount can. */
    private static String advice(Total total, double needEpsilon, double needDelta, Spending spent) {
        if (needDelta > 0 && total.delta() == 0) {
            return String.format(Locale.ROOT, "This release spends delta = %.3g (for KNG's exact sampler: the "
                    + "probability that its fixed proposal budget fails; for a Gaussian: its delta), and the "
                    + "declared total is pure (delta 0), so no epsilon fits. Use a pure mechanism (e.g. --mechanism "
                    + "riemannian-laplace), or give the dataset a total delta: --total-delta D (e.g. 1e-9) with "
                    + "--override-budget, since a declared total is otherwise fixed", needDelta);
        }
        return "Lower --epsilon (or --delta) to fit what is left, or pass --override-budget to exceed the total "
                + "(the excess is recorded)";
    }

    /**
     * Charges {@code entry} to {@code key} (with the total, when one is declared) and writes the ledger atomically.
     */
    public void record(DatasetKey key, String fileName, Total declared, LedgerEntry entry) {
        ObjectNode account = (ObjectNode) datasets().get(key.text());
        if (account == null) {
            account = datasets().putObject(key.text());
            account.put("declared", key.declared());
            account.put("contentSha256", key.contentSha256());
            account.putNull("total");
            account.putArray("releases");
        }
        account.put("file", fileName);
        if (declared != null) {
            ObjectNode total = account.putObject("total");
            total.put("epsilon", declared.epsilon());
            total.put("delta", declared.delta());
        }
        ArrayNode releases = (ArrayNode) account.get("releases");
        releases.add(LedgerJson.entry(entry));
        write();
    }

    /** The ledger's account keys ({@code dataset:NAME}, {@code content:HEX}, or earlier ledgers' keys), in order. */
    public List<String> accounts() {
        List<String> keys = new ArrayList<>();
        datasets().fieldNames().forEachRemaining(keys::add);
        return keys;
    }

    /** The releases charged to the account {@code accountKey} as the ledger stores them (empty when none). */
    public List<JsonNode> events(String accountKey) {
        JsonNode account = datasets().get(accountKey);
        List<JsonNode> events = new ArrayList<>();
        if (account != null) {
            account.get("releases").forEach(events::add);
        }
        return events;
    }

    /** The file an account's last release read, or null. */
    public String fileOf(String accountKey) {
        JsonNode account = datasets().get(accountKey);
        return account == null || !account.hasNonNull("file") ? null : account.get("file").asText();
    }

    /** The total declared on the account {@code accountKey}, or null. */
    public Total totalOf(String accountKey) {
        return total(datasets().get(accountKey));
    }

    /**
     * The account's composed spending, with a hypothetical release {@code next} (null: none) at
     * {@code nextRecordsPerSubject}, zCDP converted at the account's total delta when one is declared.
     */
    public Spending spendingOf(String accountKey, Request next, int nextRecordsPerSubject) {
        Total total = totalOf(accountKey);
        return compose(events(accountKey), next, nextRecordsPerSubject, 0,
                total == null ? Double.NaN : total.delta());
    }

    /**
     * Declares the total of the account {@code accountKey} (created, empty, when absent) and writes the ledger: once
     * per account, unless {@code override}.
     *
     * @throws IllegalArgumentException when another total is declared and {@code override} is false
     */
    public void declareTotal(String accountKey, Total total, boolean override) {
        Total stored = totalOf(accountKey);
        if (stored != null && !stored.equals(total) && !override) {
            throw new IllegalArgumentException(String.format(Locale.ROOT, "--total-epsilon/--total-delta: the budget "
                    + "ledger %s already declares the total %s for %s, and %s differs; a total is fixed once "
                    + "declared. Pass --override-budget to replace it", file, stored, accountKey, total));
        }
        ObjectNode account = (ObjectNode) datasets().get(accountKey);
        if (account == null) {
            account = datasets().putObject(accountKey);
            account.putNull("total");
            account.putArray("releases");
        }
        ObjectNode node = account.putObject("total");
        node.put("epsilon", total.epsilon());
        node.put("delta", total.delta());
        write();
    }

    private void write() {
        AtomicFile.write(file, LedgerJson.write(root), true, "--ledger");
    }

    private ObjectNode datasets() {
        return (ObjectNode) root.get("datasets");
    }

    static String amount(double epsilon, double delta) {
        return String.format(Locale.ROOT, "(epsilon, delta) = (%.6g, %.6g)", epsilon, delta);
    }

    @Override
    public void close() {
        try {
            lock.release();
        } catch (IOException ignored) {
            // closing the channel below releases the lock as well
        }
        closeQuietly(lockChannel);
    }

    private static void closeQuietly(FileChannel channel) {
        if (channel != null) {
            try {
                channel.close();
            } catch (IOException ignored) {
                // nothing was written through the lock file; closing it cannot lose data
            }
        }
    }
}
