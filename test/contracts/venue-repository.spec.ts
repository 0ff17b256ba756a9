import { InMemoryVenueRepository } from '../../src/modules/venues/infrastructure/in-memory/in-memory-venue.repository';
import { TypeOrmVenueRepository } from '../../src/modules/venues/infrastructure/typeorm/typeorm-venue.repository';
import { freshTestDatabase } from '../e2e/support/test-database';
import { inMemoryFixture, sqlFixture, sqliteEnv } from './linked-record-fixtures';
import { describeVenueRepositoryContract } from './venue-repository.contract';

describeVenueRepositoryContract('in-memory', () => inMemoryFixture(new InMemoryVenueRepository()));

describeVenueRepositoryContract('sqlite', () => sqlFixture(sqliteEnv('venues'), 'venue', (ds) => new TypeOrmVenueRepository(ds)));

if (process.env.TEST_MYSQL_URL) {
  describeVenueRepositoryContract('mysql', async () => sqlFixture((await freshTestDatabase()).env, 'venue', (ds) => new TypeOrmVenueRepository(ds)));
}
