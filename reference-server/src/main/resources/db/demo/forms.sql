-- The demo forms of the embedded default database (account 'demo', the demo key's), inserted by FormStore.seedDemo
-- when that account has none. Never a migration: a PostgreSQL (KIT_DB_URL) gets no demo data.
INSERT INTO forms (account, id, title, access_token, currency, payment_volume, successful_checkout_count, created_at, updated_at) VALUES
('demo', 1, 'Monthly membership', '00009e3779b1', 'usd', 142911, 15, TIMESTAMP WITH TIME ZONE '2024-02-03 09:03:00+00', TIMESTAMP WITH TIME ZONE '2025-02-03 10:05:00+00'),
('demo', 2, 'Annual donation', '00013c6ef362', 'eur', 280822, 30, TIMESTAMP WITH TIME ZONE '2024-03-05 09:06:00+00', TIMESTAMP WITH TIME ZONE '2025-03-05 10:10:00+00'),
('demo', 3, 'Workshop ticket', '0001daa66d13', 'usd', 418733, 45, TIMESTAMP WITH TIME ZONE '2024-04-07 09:09:00+00', TIMESTAMP WITH TIME ZONE '2025-04-07 10:15:00+00'),
('demo', 4, 'Yoga class pack', '000278dde6c4', 'gbp', 556644, 60, TIMESTAMP WITH TIME ZONE '2024-05-09 09:12:00+00', TIMESTAMP WITH TIME ZONE '2025-05-09 10:20:00+00'),
('demo', 5, 'Consulting retainer', '000317156075', 'usd', 694555, 75, TIMESTAMP WITH TIME ZONE '2024-06-11 09:15:00+00', TIMESTAMP WITH TIME ZONE '2025-06-11 10:25:00+00'),
('demo', 6, 'Newsletter supporter', '0003b54cda26', 'usd', 832466, 90, TIMESTAMP WITH TIME ZONE '2024-07-13 09:18:00+00', TIMESTAMP WITH TIME ZONE '2025-07-13 10:30:00+00'),
('demo', 7, 'Conference pass', '0004538453d7', 'eur', 970377, 105, TIMESTAMP WITH TIME ZONE '2024-08-15 09:21:00+00', TIMESTAMP WITH TIME ZONE '2025-08-15 10:35:00+00'),
('demo', 8, 'Book club dues', '0004f1bbcd88', 'usd', 1108288, 119, TIMESTAMP WITH TIME ZONE '2024-09-17 09:24:00+00', TIMESTAMP WITH TIME ZONE '2025-09-17 10:40:00+00'),
('demo', 9, 'Studio rental', '00058ff34739', 'cad', 1246199, 134, TIMESTAMP WITH TIME ZONE '2024-10-19 09:27:00+00', TIMESTAMP WITH TIME ZONE '2025-10-19 10:45:00+00'),
('demo', 10, 'Gift card', '00062e2ac0ea', 'usd', 1384110, 149, TIMESTAMP WITH TIME ZONE '2024-11-21 09:30:00+00', TIMESTAMP WITH TIME ZONE '2025-11-21 10:50:00+00'),
('demo', 11, 'Summer camp deposit', '0006cc623a9b', 'usd', 1522021, 164, TIMESTAMP WITH TIME ZONE '2024-12-23 09:33:00+00', TIMESTAMP WITH TIME ZONE '2025-12-23 10:55:00+00'),
('demo', 12, 'Community garden plot', '00076a99b44c', 'eur', 1659932, 179, TIMESTAMP WITH TIME ZONE '2024-01-25 09:36:00+00', TIMESTAMP WITH TIME ZONE '2025-01-25 10:00:00+00');
