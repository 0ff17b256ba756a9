import { InMemoryOrganizerRepository } from '../../src/modules/organizers/infrastructure/in-memory/in-memory-organizer.repository';
import { TypeOrmOrganizerRepository } from '../../src/modules/organizers/infrastructure/typeorm/typeorm-organizer.repository';
import { freshTestDatabase } from '../e2e/support/test-database';
import { inMemoryFixture, sqlFixture, sqliteEnv } from './linked-record-fixtures';
import { describeOrganizerRepositoryContract } from './organizer-repository.contract';

describeOrganizerRepositoryContract('in-memory', () => inMemoryFixture(new InMemoryOrganizerRepository()));

describeOrganizerRepositoryContract('sqlite', () => sqlFixture(sqliteEnv('organizers'), 'organizer', (ds) => new TypeOrmOrganizerRepository(ds)));

if (process.env.TEST_MYSQL_URL) {
  describeOrganizerRepositoryContract('mysql', async () =>
    sqlFixture((await freshTestDatabase()).env, 'organizer', (ds) => new TypeOrmOrganizerRepository(ds)),
  );
}
