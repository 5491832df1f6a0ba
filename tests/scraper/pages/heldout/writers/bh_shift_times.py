"""Spread the thread's posts over a week in Beehive Forum's database (DATETIME, UTC: Beehive sets
its sessions' time_zone to +0:00), as fb_shift_times.py did for h4: old dates and today on the
saved pages (Beehive has no «yesterday»: a post of today shows its time only, of this year
«27 Nov 14:05»). Гена's edit keeps its minute after the post."""
import datetime
import subprocess

SOCK = '/work/lab/own-heldout7/run/mysql.sock'
TID = 2


def sql(q):
    out = subprocess.run(['mariadb', '--no-defaults', '-S', SOCK, '-uroot', 'beehive', '-N', '-B', '-e',
                          "SET SESSION time_zone = '+0:00'; " + q], capture_output=True, text=True, check=True)
    return [line.split('\t') for line in out.stdout.splitlines()]


if __name__ == '__main__':
    now = datetime.datetime.now(datetime.timezone.utc).replace(tzinfo=None, microsecond=0)
    rows = sql(f'select PID, CREATED, EDITED from GOROD_POST where TID = {TID} order by PID')
    n = len(rows)
    for k, (pid, created, edited) in enumerate(rows):
        new = now - datetime.timedelta(hours=6.8 * (n - 1 - k), minutes=5 + (k * 13 % 41))
        edit = 'NULL'
        if edited != 'NULL':
            delta = datetime.datetime.fromisoformat(edited) - datetime.datetime.fromisoformat(created)
            edit = f"'{new + delta}'"
        sql(f"update GOROD_POST set CREATED = '{new}', EDITED = {edit}, APPROVED = IF(APPROVED IS NULL, NULL, '{new}') "
            f"where TID = {TID} and PID = {pid}")
    sql(f'update GOROD_THREAD set CREATED = (select min(CREATED) from GOROD_POST where TID = {TID}), '
        f'MODIFIED = (select max(CREATED) from GOROD_POST where TID = {TID}) where TID = {TID}')
    for row in sql(f'select PID, FROM_UID, CREATED, EDITED, APPROVED from GOROD_POST where TID = {TID} order by PID'):
        print(*row)
