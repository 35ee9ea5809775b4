package dev.cqlbench.profile;

/**
 * A profile's column values as a library holds them: each column's {@link dev.cqlbench.binding.CqlValues} value
 * converted to the library's type and back (a mapper's {@link MapperTable}; a driver's types can give both for
 * every library that holds them).
 */
public interface ColumnValues {

    /** Column {@code column}'s {@link dev.cqlbench.binding.CqlValues} value as the library holds it. */
    Object toLibrary(int column, Object value);

    /** Column {@code column}'s value as the library holds it, as {@link dev.cqlbench.binding.CqlValues}. */
    Object fromLibrary(int column, Object value);
}
