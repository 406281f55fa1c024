// The API schemas of the planos routes (request bodies, queries, responses), shared by server and web.
export {};
