/*
 * bgl.cpp - the Boost Graph Library's A* (astar_search) on the queries of
 * a MovingAI scenario file, for the comparison in bench/run.sh's "peers"
 * step.
 *
 * usage: peer-bgl MAP SCEN
 * Output and exit status as peer-tcod's (tcod.c).  The graph is built
 * once, before the queries, untimed: a vertex an open cell, an edge a
 * legal move of the benchmark (8-connected, no corner cut) weighing 1 or
 * sqrt 2.  Each query is one astar_search call with the octile distance
 * as its heuristic, stopped by its visitor when the goal is examined
 * (taken from the queue), and timed alone; the call sets up its property
 * maps itself, as the library's A* does for every search.
 */
#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/astar_search.hpp>

#include <cmath>
#include <vector>

#include "mai.h"

typedef boost::adjacency_list<boost::vecS, boost::vecS, boost::directedS, boost::no_property,
    boost::property<boost::edge_weight_t, double> > graph_t;
typedef boost::graph_traits<graph_t>::vertex_descriptor vertex_t;

struct found_goal {};

class octile : public boost::astar_heuristic<graph_t, double> {
public:
	octile(const std::vector<int> &x, const std::vector<int> &y, int gx, int gy)
	    : x_(x), y_(y), gx_(gx), gy_(gy) {}
	double operator()(vertex_t v) const
	{
		double dx = std::abs(x_[v] - gx_), dy = std::abs(y_[v] - gy_);
		return dx < dy ? dy + (std::sqrt(2.0) - 1) * dx : dx + (std::sqrt(2.0) - 1) * dy;
	}
private:
	const std::vector<int> &x_, &y_;
	int gx_, gy_;
};

class stop_at_goal : public boost::default_astar_visitor {
public:
	explicit stop_at_goal(vertex_t goal) : goal_(goal) {}
	void examine_vertex(vertex_t u, const graph_t &) const
	{
		if (u == goal_)
			throw found_goal();
	}
private:
	vertex_t goal_;
};

int
main(int argc, char **argv)
{
	struct mai_map m;
	struct mai_query *q;
	int n, bad = 0;

	if (argc != 3) {
		std::fprintf(stderr, "usage: peer-bgl MAP SCEN\n");
		return 2;
	}
	if (mai_read_map(argv[1], &m) != 0 || !(q = mai_read_scen(argv[2], &n))) {
		std::fprintf(stderr, "peer-bgl: cannot read %s or %s\n", argv[1], argv[2]);
		return 2;
	}
	size_t cells = (size_t)m.w * (size_t)m.h;
	std::vector<int> vid(cells, -1), xs, ys;
	for (int y = 0; y < m.h; y++)
		for (int x = 0; x < m.w; x++)
			if (m.open[(size_t)y * m.w + x]) {
				vid[(size_t)y * m.w + x] = (int)xs.size();
				xs.push_back(x);
				ys.push_back(y);
			}
	graph_t g(xs.size());
	for (size_t v = 0; v < xs.size(); v++)
		for (int dy = -1; dy <= 1; dy++)
			for (int dx = -1; dx <= 1; dx++) {
				int x = xs[v] + dx, y = ys[v] + dy;
				if ((dx == 0 && dy == 0) || x < 0 || y < 0 || x >= m.w || y >= m.h)
					continue;
				if (!m.open[(size_t)y * m.w + x])
					continue;
				if (dx && dy && (!m.open[(size_t)ys[v] * m.w + x] ||
				    !m.open[(size_t)y * m.w + xs[v]]))
					continue;
				boost::add_edge(v, (size_t)vid[(size_t)y * m.w + x],
				    dx && dy ? std::sqrt(2.0) : 1.0, g);
			}
	std::vector<vertex_t> pred(xs.size());
	std::vector<double> dist(xs.size());
	std::vector<int> px, py;
	std::printf("id\tlength\tcost\ttime\n");
	for (int i = 0; i < n; i++) {
		if (!mai_query_open(&m, &q[i])) {
			bad++;
			std::printf("%d\t%.8f\t%.8f\t%.9f\n", q[i].id, q[i].opt, -1.0, 0.0);
			continue;
		}
		vertex_t s = (vertex_t)vid[(size_t)q[i].sy * m.w + q[i].sx];
		vertex_t t = (vertex_t)vid[(size_t)q[i].gy * m.w + q[i].gx];
		double t0 = mai_now(), cost = -1;
		bool found = false;
		try {
			boost::astar_search(g, s, octile(xs, ys, q[i].gx, q[i].gy),
			    boost::predecessor_map(&pred[0]).distance_map(&dist[0])
			    .visitor(stop_at_goal(t)));
		} catch (found_goal &) {
			found = true;
		}
		double el = mai_now() - t0;
		if (found) {
			px.clear();
			py.clear();
			for (vertex_t v = t;; v = pred[v]) {
				px.push_back(xs[v]);
				py.push_back(ys[v]);
				if (v == s || pred[v] == v)
					break;
			}
			if (px.back() == q[i].sx && py.back() == q[i].sy)
				cost = mai_path_cost(&m, &px[0], &py[0], (int)px.size());
		}
		bad += mai_mismatch(cost, q[i].opt);
		std::printf("%d\t%.8f\t%.8f\t%.9f\n", q[i].id, q[i].opt, cost, el);
	}
	std::free(q);
	std::free(m.open);
	return bad ? 1 : 0;
}
