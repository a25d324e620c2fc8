# One process of a PyTorch process group, started from the variables `rtcat cluster-env
# --framework pytorch` printed (MASTER_ADDR, MASTER_PORT, WORLD_SIZE, RANK): it joins the group
# over gloo with init_method="env://" (torch.distributed's env rendezvous reads those four) and
# all-reduces its rank + 1, so every member prints the same sum, 1 + 2 + ... + WORLD_SIZE.
import datetime
import os

import torch
import torch.distributed as dist

dist.init_process_group("gloo", init_method="env://", timeout=datetime.timedelta(seconds=60))
t = torch.tensor([dist.get_rank() + 1])
dist.all_reduce(t)
print(f"rank {dist.get_rank()} of {dist.get_world_size()}: all_reduce {int(t.item())} (RANK={os.environ['RANK']})")
dist.destroy_process_group()
