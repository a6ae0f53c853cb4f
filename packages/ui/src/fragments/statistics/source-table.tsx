import { useId } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { muted, sectionTitle, table } from './table-styles';
import type { GuideStatisticsData, RunSource } from './types';

const sources = defineMessages({
  members: { id: 'statistics.source.members', defaultMessage: 'Membres' },
  embed: { id: 'statistics.source.embed', defaultMessage: "Utilisateurs via l'extrait" },
  extension: { id: 'statistics.source.extension', defaultMessage: "Utilisateurs via l'extension" },
}) satisfies Record<RunSource, unknown>;

/** The period's runs by who played them: members of the organization, end users through the snippet or the extension. */
export function SourceTable({ bySource }: Pick<GuideStatisticsData, 'bySource'>) {
  const intl = useIntl();
  const titleId = useId();
  const number = (value: number) => intl.formatNumber(value);
  return (
    <div>
      <h3 id={titleId} className={sectionTitle}>
        {intl.formatMessage({ id: 'statistics.bySource', defaultMessage: 'Par origine' })}
      </h3>
      <table className={table} aria-labelledby={titleId} data-table="sources">
        <thead>
          <tr>
            <th scope="col">{intl.formatMessage({ id: 'statistics.source', defaultMessage: 'Origine' })}</th>
            <th scope="col" data-numeric="">
              {intl.formatMessage({ id: 'statistics.started', defaultMessage: 'Lancés' })}
            </th>
            <th scope="col" data-numeric="">
              {intl.formatMessage({ id: 'statistics.completed', defaultMessage: 'Terminés' })}
            </th>
          </tr>
        </thead>
        <tbody>
          {bySource.map((row) => (
            <tr key={row.source} data-source={row.source}>
              <th scope="row">{intl.formatMessage(sources[row.source])}</th>
              <td data-numeric="" className={row.started === 0 ? muted : undefined}>
                {number(row.started)}
              </td>
              <td data-numeric="" className={row.completed === 0 ? muted : undefined}>
                {number(row.completed)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
