import { GraphQLError, type GraphQLScalarType } from 'graphql';
import { scalarResolvers } from '../../resolvers/scalars';

const dateTime = scalarResolvers.DateTime as GraphQLScalarType;

describe('DateTime (ISO 8601 with an offset)', () => {
  it('passes a valid text through unchanged, however often it is serialised', () => {
    for (let round = 0; round < 3; round += 1) {
      expect(dateTime.serialize('2026-07-15T10:00:00Z')).toBe('2026-07-15T10:00:00Z');
      expect(dateTime.serialize('2026-07-15T11:00:00.250+01:00')).toBe('2026-07-15T11:00:00.250+01:00');
    }
    expect(dateTime.serialize(new Date(Date.UTC(2026, 6, 15, 10)))).toBe('2026-07-15T10:00:00.000Z');
  });

  it('refuses a text without an offset, or with a month that does not exist, every time it is asked', () => {
    // Each right after a valid text of its shape, which is remembered as valid.
    for (let round = 0; round < 3; round += 1) {
      expect(dateTime.serialize('2026-07-15T10:00:00Z')).toBe('2026-07-15T10:00:00Z');
      expect(() => dateTime.serialize('2026-07-15T10:00:00')).toThrow(GraphQLError);
      expect(dateTime.serialize('2026-12-01T10:00:00Z')).toBe('2026-12-01T10:00:00Z');
      expect(() => dateTime.serialize('2026-13-01T10:00:00Z')).toThrow(
        /ISO 8601 date and time with an offset/,
      );
    }
  });

  it('still checks every text once it has seen more valid ones than it keeps', () => {
    const start = Date.UTC(2020, 0, 1);
    for (let second = 0; second < 12_000; second += 1)
      dateTime.serialize(new Date(start + second * 1000).toISOString());
    expect(() => dateTime.serialize('2020-01-01T00:00:00')).toThrow(GraphQLError);
    expect(dateTime.serialize('2020-01-01T00:00:00.000Z')).toBe('2020-01-01T00:00:00.000Z');
  });
});
