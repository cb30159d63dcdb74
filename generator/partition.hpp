// The partition of one table's slots over ranks (docs/generation.md "One table over MPI
// ranks"): each rank owns a contiguous share of the slots (both sides to move), aligned to the
// writer's blocks. The passes post the updates of predecessors owned by other ranks to a
// Mailbox and exchange them once per pass. SerialPartition (one rank, nothing to send) is the
// build without MPI and a plain `xqtb gen`; generator/mpi_partition.cpp implements it over MPI,
// so every pass has one code path either way.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

namespace xq::gen {

// The slots [begin, end) of one rank.
struct Share {
  uint64_t begin = 0, end = 0;
  uint64_t size() const { return end - begin; }
  bool holds(uint64_t slot) const { return slot >= begin && slot < end; }
};

class Partition {
 public:
  virtual ~Partition() = default;
  virtual int rank() const = 0;
  virtual int ranks() const = 0;

  // Sends out[r] to rank r (out.size() == ranks()) and returns what every rank sent to this
  // one, in rank order. Collective.
  virtual std::vector<uint64_t> exchange(const std::vector<std::vector<uint64_t>>& out) = 0;
  // Collective reductions over the ranks.
  virtual bool any(bool mine) = 0;
  virtual uint64_t max(uint64_t mine) = 0;
  virtual uint64_t sum(uint64_t mine) = 0;
  // The bytes of every rank, concatenated in rank order: on rank 0 only (empty elsewhere)
  // with gather, on every rank with all_gather.
  virtual std::vector<uint8_t> gather(const std::vector<uint8_t>& mine) = 0;
  virtual std::vector<uint8_t> all_gather(const std::vector<uint8_t>& mine) = 0;
  // Rank 0's value on every rank.
  virtual bool broadcast(bool from_rank0) = 0;
  virtual void barrier() = 0;

  // Bytes this rank has sent to other ranks (exchanges and gathers), the number of exchanges
  // (one per pass) and the most bytes it sent in one of them.
  uint64_t bytes_sent() const { return bytes_sent_; }
  uint64_t exchanges() const { return exchanges_; }
  uint64_t largest_exchange() const { return largest_exchange_; }
  // Starts those counts again (for each table).
  void reset_counts() { bytes_sent_ = exchanges_ = largest_exchange_ = 0; }

 protected:
  // Counts an exchange that sent `bytes` to other ranks.
  void count_exchange(uint64_t bytes) {
    bytes_sent_ += bytes;
    ++exchanges_;
    largest_exchange_ = bytes > largest_exchange_ ? bytes : largest_exchange_;
  }
  uint64_t bytes_sent_ = 0, exchanges_ = 0, largest_exchange_ = 0;
};

// One rank holding every slot: exchanges carry nothing, reductions are the identity.
class SerialPartition final : public Partition {
 public:
  int rank() const override { return 0; }
  int ranks() const override { return 1; }
  std::vector<uint64_t> exchange(const std::vector<std::vector<uint64_t>>& out) override;
  bool any(bool mine) override { return mine; }
  uint64_t max(uint64_t mine) override { return mine; }
  uint64_t sum(uint64_t mine) override { return mine; }
  std::vector<uint8_t> gather(const std::vector<uint8_t>& mine) override { return mine; }
  std::vector<uint8_t> all_gather(const std::vector<uint8_t>& mine) override { return mine; }
  bool broadcast(bool from_rank0) override { return from_rank0; }
  void barrier() override {}
};

// The shares of n slots over `ranks` ranks: equal lengths (the last one shorter, possibly
// empty) that are multiples of `align` (a power of two), so that ranks own whole blocks.
class ShareMap {
 public:
  ShareMap(uint64_t n, int ranks, uint64_t align);
  Share of(int rank) const;
  int owner(uint64_t slot) const { return int(slot / length_); }

 private:
  uint64_t n_, length_;
};

// The slot alignment of shares: the writer's largest block (WDL) and the plain solver's block.
uint64_t share_alignment();

// Updates for other ranks, posted from the threads of a parallel pass and exchanged after it.
// A message is one word (the passes pack slot, side and value).
class Mailbox {
 public:
  Mailbox(Partition& part);
  // From within a parallel region: queues msg for rank `to`.
  void post(int to, uint64_t msg);
  // Collective: sends the queued messages, empties the queues and returns those sent here.
  std::vector<uint64_t> deliver();

 private:
  Partition& part_;
  // By thread, then destination rank.
  std::vector<std::vector<std::vector<uint64_t>>> queues_;
};

}  // namespace xq::gen
