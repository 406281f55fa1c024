// The API schemas of the notificacoes routes (request bodies, queries, responses), shared by server and web.
export {};
