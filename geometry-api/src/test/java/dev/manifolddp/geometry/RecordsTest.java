package dev.manifolddp.geometry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class RecordsTest {

    private static final double[][] ROWS = {{1, 2, 3}, {4, 5, 6}, {-0.0, Double.MIN_VALUE, 7}};

    @Test
    void rowsAreHandedOutAsStoredAndNotCopied() {
        Records records = Records.of(ROWS);
        assertThat(records.size()).isEqualTo(3);
        assertThat(records.scratch()).isEmpty();
        for (int i = 0; i < ROWS.length; i++) {
            assertThat(records.row(i, records.scratch())).isSameAs(ROWS[i]);
        }
        assertThat(records.rows()).isSameAs(ROWS);
        assertThat(records.isRows()).isTrue();
        assertThat(records.width()).isEqualTo(-1);
        assertThat(records.copyOfRow(1)).isEqualTo(ROWS[1]).isNotSameAs(ROWS[1]);
    }

    @Test
    void aNullOrShortRecordIsKeptForTheChecksThatNameIt() {
        double[][] ragged = {{1, 2, 3}, null, {4}};
        Records records = Records.of(ragged);
        assertThat(records.row(1, records.scratch())).isNull();
        assertThat(records.row(2, records.scratch())).hasSize(1);
        assertThat(records.copyOfRow(1)).isNull();
    }

    @Test
    void flatRecordsAreCopiedIntoTheScratchBitForBit() {
        double[] values = {1, 2, 3, 4, 5, 6, -0.0, Double.MIN_VALUE, 7};
        Records records = Records.flat(values, 3);
        assertThat(records.size()).isEqualTo(3);
        assertThat(records.width()).isEqualTo(3);
        assertThat(records.isRows()).isFalse();
        double[] scratch = records.scratch();
        assertThat(scratch).hasSize(3);
        for (int i = 0; i < ROWS.length; i++) {
            double[] row = records.row(i, scratch);
            assertThat(row).isSameAs(scratch);
            for (int j = 0; j < 3; j++) {
                assertThat(Double.doubleToRawLongBits(row[j])).isEqualTo(Double.doubleToRawLongBits(ROWS[i][j]));
            }
        }
        double[][] rows = records.rows();
        assertThat(rows).hasDimensions(3, 3);
        assertThat(rows[2][0]).isEqualTo(-0.0);
        assertThat(rows[0]).as("rows() copies the flat values").isNotSameAs(values);
        assertThat(records.rows()).as("once: the copies are kept").isSameAs(rows);
        assertThat(Records.flat(new double[0], 2).size()).isZero();
    }

    @Test
    void recordsSpreadOverSeveralArraysAreFoundAcrossGroupsAndArrays() {
        // arrays of uneven counts with room to spare, some empty, crossing the lookup's groups of 1024 records
        int[] counts = {0, 1500, 1, 0, 3000, 700};
        int width = 2;
        double[][] chunks = new double[counts.length][];
        int n = 0;
        for (int c = 0; c < counts.length; c++) {
            chunks[c] = new double[counts[c] * width + 5];
            for (int k = 0; k < counts[c]; k++) {
                chunks[c][k * width] = n;
                chunks[c][k * width + 1] = -n;
                n++;
            }
        }
        Records records = Records.flat(chunks, counts, width);
        assertThat(records.size()).isEqualTo(n);
        double[] scratch = records.scratch();
        for (int i = 0; i < n; i++) {
            assertThat(records.row(i, scratch)).containsExactly(i, -i);
        }
        double[][] rows = records.rows();
        assertThat(rows).hasNumberOfRows(n);
        assertThat(rows[n - 1]).containsExactly(n - 1, -(n - 1));
        int size = n;
        assertThatThrownBy(() -> records.row(size, scratch)).isInstanceOf(IndexOutOfBoundsException.class);

        Records copy = records.copy();
        chunks[1][0] = 99;
        assertThat(copy.row(0, scratch)).as("a copy is not the stored arrays").containsExactly(0, 0);
        assertThat(records.row(0, scratch)).containsExactly(99, 0);

        Records moved = copy.with(new int[] {1501, 5200}, new double[][] {{7, 7}, {8, 8}});
        assertThat(moved.row(1501, scratch)).containsExactly(7, 7);
        assertThat(moved.row(5200, scratch)).containsExactly(8, 8);
        assertThat(moved.row(1500, scratch)).containsExactly(1500, -1500);
        assertThat(copy.row(1501, scratch)).as("with() copies").containsExactly(1501, -1501);

        Records given = Records.of(ROWS);
        Records replaced = given.with(new int[] {0}, new double[][] {{9, 9, 9}});
        assertThat(replaced.row(0, replaced.scratch())).containsExactly(9, 9, 9);
        assertThat(ROWS[0]).containsExactly(1, 2, 3);
        assertThat(given.copy().row(1, null)).isEqualTo(ROWS[1]).isNotSameAs(ROWS[1]);
    }

    @Test
    void flatRecordsRefuseABadShapeAndAnIndexOutside() {
        assertThatThrownBy(() -> Records.flat(new double[][] {new double[4]}, new int[] {3}, 2))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("array 0 must hold its 3 records");
        assertThatThrownBy(() -> Records.flat(new double[][] {new double[4]}, new int[] {1, 1}, 2))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Records.flat(new double[][] {new double[4]}, new int[] {-1}, 2))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Records.flat(null, 3)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("null values");
        assertThatThrownBy(() -> Records.flat(new double[7], 3)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("7 values, width 3");
        assertThatThrownBy(() -> Records.flat(new double[3], 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Records.of(null)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("null");
        Records records = Records.flat(new double[6], 3);
        assertThatThrownBy(() -> records.row(2, records.scratch())).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> records.row(-1, records.scratch())).isInstanceOf(IndexOutOfBoundsException.class);
    }

    @Test
    void aChartCheckOfFlatRecordsMatchesTheRowsOnesAcrossRuns() {
        // more records than one run of the flat chart pass (1024), on a chart that checks records
        Geometry plane = EuclideanSpace.of(2);
        IsometricChart chart = plane.capability(IsometricChart.class).orElseThrow();
        int n = 2500;
        double[][] rows = new double[n][];
        double[] values = new double[2 * n];
        for (int i = 0; i < n; i++) {
            rows[i] = new double[] {Math.sin(i), Math.cos(3.0 * i)};
            values[2 * i] = rows[i][0];
            values[2 * i + 1] = rows[i][1];
        }
        ChartedRecords fromRows = ChartedRecords.check(plane, rows, i -> "data[" + i + "]");
        Records flat = Records.flat(values, 2);
        ChartedRecords fromFlat = ChartedRecords.check(plane, flat, i -> "data[" + i + "]");
        for (int i = 0; i < n; i++) {
            assertThat(fromFlat.coordinates(i)).isEqualTo(fromRows.coordinates(i));
        }
        assertThat(fromFlat.covers(plane, flat)).isTrue();
        assertThat(fromFlat.covers(plane, rows)).isFalse();
        assertThat(fromRows.covers(plane, rows)).isTrue();
        assertThat(fromFlat.data()).isSameAs(flat);
        values[2 * 2000] = Double.NaN;
        assertThatThrownBy(() -> ChartedRecords.check(plane, Records.flat(values, 2), i -> "data[" + i + "]"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("data[2000]");
        assertThat(chart.chartDimension()).isEqualTo(2);
    }
}
