import { Column, Entity } from 'typeorm';
import { LinkedRecordColumns } from '../../../records/infrastructure/typeorm/linked-record-columns';

@Entity('venues')
export class VenueOrmEntity extends LinkedRecordColumns {
  @Column({ type: 'text' }) address: string;
  @Column({ type: 'varchar', length: 255 }) city: string;
  @Column({ type: 'varchar', length: 255 }) country: string;
  @Column({ type: 'varchar', length: 255 }) province: string;
  @Column({ type: 'varchar', length: 255 }) state: string;
  @Column({ type: 'varchar', length: 255 }) zip: string;
  @Column({ type: 'varchar', length: 255 }) phone: string;
  @Column({ type: 'varchar', length: 2048 }) website: string;
  @Column({ type: 'varchar', length: 255 }) stateprovince: string;
  @Column({ name: 'show_map', type: 'boolean' }) showMap: boolean;
  @Column({ name: 'show_map_link', type: 'boolean' }) showMapLink: boolean;
  @Column({ name: 'geo_lat', type: 'double', nullable: true }) geoLat: number | null;
  @Column({ name: 'geo_lng', type: 'double', nullable: true }) geoLng: number | null;
  @Column({ name: 'address_key', type: 'text' }) addressKey: string;
  @Column({ name: 'city_key', type: 'varchar', length: 255 }) cityKey: string;
  @Column({ name: 'province_key', type: 'varchar', length: 255 }) provinceKey: string;
  @Column({ name: 'state_key', type: 'varchar', length: 255 }) stateKey: string;
  @Column({ name: 'stateprovince_key', type: 'varchar', length: 255 }) stateprovinceKey: string;
  @Column({ name: 'zip_key', type: 'varchar', length: 255 }) zipKey: string;
  @Column({ name: 'phone_key', type: 'varchar', length: 255 }) phoneKey: string;
}
